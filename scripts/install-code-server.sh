#!/usr/bin/env bash
# Installs what `npm run test:vscode` drives: Debian's chromium (and ripgrep, libkrb5-dev
# for code-server's native modules), then code-server and playwright-core into a cache
# outside the repo, so the root package.json stays free of a ~300 MB test-only tool.
# Idempotent: a second run with everything in place only checks and prints the paths.
# The cache dir is $SYMDAP_VSCODE_CACHE, default $HOME/.cache/symdap-vscode.
set -euo pipefail

CODE_SERVER_VERSION=4.100.3 # the newest code-server whose engines accept Node 20
PLAYWRIGHT_VERSION=1.65.1
RIPGREP_ARCHIVE=ripgrep-v13.0.0-10-x86_64-unknown-linux-musl.tar.gz
RIPGREP_CACHE_NAME=vscode-ripgrep-cache-1.15.11
CACHE="${SYMDAP_VSCODE_CACHE:-$HOME/.cache/symdap-vscode}"

log() { echo "install-code-server: $*" >&2; }

install_debian_packages() {
  local missing=()
  for pkg in chromium libkrb5-dev ripgrep; do
    dpkg -s "$pkg" >/dev/null 2>&1 || missing+=("$pkg")
  done
  [ "${#missing[@]}" -eq 0 ] && return 0
  if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null; then
    log "missing Debian packages ${missing[*]} and cannot apt-get them (need root)"; exit 1
  fi
  log "apt-get install ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}

installed_version() { # prints the version of an npm package installed in the cache, or nothing
  local manifest="$CACHE/node_modules/$1/package.json"
  [ -f "$manifest" ] && node -p "require('$manifest').version" || true
}

# @vscode/ripgrep's postinstall downloads a prebuilt rg from a host we cannot reach; it
# first looks in this cache, so Debian's rg (the same 13.0.0) is handed to it as that archive.
seed_ripgrep_cache() {
  local dir="$1/$RIPGREP_CACHE_NAME"
  mkdir -p "$dir"
  [ -f "$dir/$RIPGREP_ARCHIVE" ] || tar czf "$dir/$RIPGREP_ARCHIVE" -C "$(dirname "$(command -v rg)")" rg
}

# code-server's native modules (argon2 among them) are compiled by node-gyp, which downloads
# Node's headers into HOME unless told where they are: with a fresh HOME and no network but
# the npm registry, that download fails. Node's own installation carries them
# (PREFIX/include/node): point node-gyp there unless npm_config_nodedir is set already.
use_local_node_headers() {
  [ -n "${npm_config_nodedir:-}" ] && return 0
  local prefix
  prefix="$(dirname "$(dirname "$(node -p 'process.execPath')")")"
  if [ -f "$prefix/include/node/node.h" ] && [ -f "$prefix/include/node/common.gypi" ]; then
    export npm_config_nodedir="$prefix"
  else
    log "no Node headers under $prefix/include/node: node-gyp will try to download them"
  fi
}

install_npm_packages() {
  if [ "$(installed_version code-server)" = "$CODE_SERVER_VERSION" ] &&
     [ "$(installed_version playwright-core)" = "$PLAYWRIGHT_VERSION" ] &&
     [ -x "$CACHE/node_modules/.bin/code-server" ]; then
    return 0
  fi
  mkdir -p "$CACHE/tmp"
  [ -f "$CACHE/package.json" ] || echo '{"name":"symdap-vscode-cache","private":true}' >"$CACHE/package.json"
  seed_ripgrep_cache "$CACHE/tmp"
  use_local_node_headers
  log "npm install code-server@$CODE_SERVER_VERSION playwright-core@$PLAYWRIGHT_VERSION into $CACHE (1-2 min)"
  (cd "$CACHE" && TMPDIR="$CACHE/tmp" npm_config_unsafe_perm=true npm_config_yes=true \
    npm install --no-audit --no-fund --foreground-scripts \
      "code-server@$CODE_SERVER_VERSION" "playwright-core@$PLAYWRIGHT_VERSION" >"$CACHE/install.log" 2>&1) ||
    { tail -40 "$CACHE/install.log" >&2; log "npm install failed (full log: $CACHE/install.log)"; exit 1; }
}

install_debian_packages
install_npm_packages
log "ready: $CACHE/node_modules/.bin/code-server, $(command -v chromium)"
