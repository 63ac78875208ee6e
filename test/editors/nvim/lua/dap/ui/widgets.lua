-- A stand-in for nvim-dap's `dap.ui.widgets` module, used by test/editors/neovim.test.ts
-- (nvim-dap is packaged by neither Debian nor npm, and its code is not copied here): the
-- threads widget as a table with its refresh event, and a `sidebar` that records which
-- widget and refresh event the recipe asks for and returns a view whose `toggle` is recorded.
local M = {}

local function render() end

M.threads = { refresh_listener = 'event_thread', render = render, new_buf = function() end }

function M.sidebar(widget)
  local calls = require('dap').calls
  table.insert(calls, { name = 'sidebar', args = { widget.refresh_listener, widget.render == render } })
  return {
    toggle = function() table.insert(calls, { name = 'sidebar.toggle', args = {} }) end,
    open = function() table.insert(calls, { name = 'sidebar.open', args = {} }) end,
    close = function() end,
  }
end

return M
