-- symdap-tree: the execution tree of a symdap debug session as an indented outline in a
-- Neovim buffer, one line per node (the edge's decision, the node's line and kind, its
-- status; an inner node whose paths have all ended shows how they ended), for the Neovim
-- recipe of docs/editors.md. It asks the adapter `symdap/tree {compact = true}` (the view the
-- tree page draws, src/ui/model.ts) through the nvim-dap session; <CR> on a node goes to its
-- source line and asks `symdap/focus` so the debugger shows a thread standing there.
local M = {}

local MARKS = { completed = '✓', failed = '✗', infeasible = '⊘', bounded = '⋯', excluded = '⊘', paused = '▶', live = '·' }
local ENDED = { completed = true, failed = true, infeasible = true, bounded = true, excluded = true }
-- How an ended subtree is summed up, the most telling outcome first.
local ORDER = { 'failed', 'excluded', 'bounded', 'infeasible', 'completed' }

local function index(view)
  local by_id, children, roots = {}, {}, {}
  for _, n in ipairs(view.nodes) do
    by_id[n.id] = n
    children[n.id] = {}
  end
  for _, n in ipairs(view.nodes) do
    local edges = n['in'] or {}
    if edges[1] and by_id[edges[1].from] then
      table.insert(children[edges[1].from], { node = n, edge = edges[1] })
    else
      table.insert(roots, { node = n })
    end
    -- A join has several incoming edges: it is drawn under the first, referred to under the others.
    for i = 2, #edges do
      if by_id[edges[i].from] then table.insert(children[edges[i].from], { joins = n, edge = edges[i] }) end
    end
  end
  return children, roots
end

-- The ended leaves under a node by status, and whether any path under it is still open.
local function tally(node, children, memo)
  if memo[node.id] then return memo[node.id] end
  local t = { counts = {}, open = false }
  local kids = children[node.id]
  local has_kids = false
  for _, c in ipairs(kids) do
    if c.node then
      has_kids = true
      local sub = tally(c.node, children, memo)
      for k, v in pairs(sub.counts) do t.counts[k] = (t.counts[k] or 0) + v end
      t.open = t.open or sub.open
    end
  end
  if not has_kids then
    if ENDED[node.status] then t.counts[node.status] = 1 else t.open = true end
  elseif node.status == 'paused' then
    t.open = true
  end
  memo[node.id] = t
  return t
end

local function summary(counts)
  local parts = {}
  for _, s in ipairs(ORDER) do
    if counts[s] then table.insert(parts, counts[s] .. ' ' .. s) end
  end
  return table.concat(parts, ', ')
end

local function status_text(node, t, is_leaf)
  if is_leaf or node.status == 'paused' then
    local text = MARKS[node.status] .. ' ' .. (node.status == 'live' and 'running' or node.status)
    if node.note and node.note ~= '' then text = text .. ': ' .. node.note end
    return text
  end
  if t.open then
    local ended = summary(t.counts)
    return MARKS.live .. ' running' .. (ended ~= '' and ' (ended: ' .. ended .. ')' or '')
  end
  local worst
  for _, s in ipairs(ORDER) do
    if t.counts[s] and not worst then worst = s end
  end
  return (MARKS[worst] or '') .. ' ended: ' .. summary(t.counts)
end

--- The outline of a `symdap/tree {compact = true}` body: its lines, and for each line the
--- node it shows (nil for the header and for references to a join drawn elsewhere).
function M.outline(view)
  local children, roots = index(view)
  local memo = {}
  local lines = { 'symdap tree: ' .. vim.fn.fnamemodify(view.file or '', ':t') .. '   (<CR>: go to the node, q: close)' }
  local nodes = { false }
  local function add(entry, depth)
    local pad = string.rep('  ', depth)
    local label = entry.edge and entry.edge.label and (entry.edge.label .. ' → ') or ''
    if entry.joins then
      table.insert(lines, pad .. label .. 'joins line ' .. tostring(entry.joins.line or '?') .. ' (drawn above)')
      table.insert(nodes, entry.joins)
      return
    end
    local n = entry.node
    local kids = children[n.id]
    local is_leaf = true
    for _, c in ipairs(kids) do if c.node then is_leaf = false end end
    local where = (depth == 0 and n.proc and (n.proc .. ' ') or '') .. 'line ' .. tostring(n.line or '?')
    local thread = n.thread and ('  [thread ' .. n.thread .. ']') or ''
    table.insert(lines, pad .. label .. where .. ' ' .. n.kind .. ' — ' .. status_text(n, tally(n, children, memo), is_leaf) .. thread)
    table.insert(nodes, n)
    for _, c in ipairs(kids) do add(c, depth + 1) end
  end
  for _, r in ipairs(roots) do add(r, 0) end
  if view.truncated then
    table.insert(lines, '(the tree is larger: only its first nodes are shown)')
    table.insert(nodes, false)
  end
  return lines, nodes
end

local function source_window(file)
  for _, win in ipairs(vim.api.nvim_list_wins()) do
    local name = vim.api.nvim_buf_get_name(vim.api.nvim_win_get_buf(win))
    if name ~= '' and vim.fn.resolve(name) == vim.fn.resolve(file) then return win end
  end
  return nil
end

local function jump(session, view, node)
  if not node then return end
  local win = source_window(view.file)
  if win then
    vim.api.nvim_set_current_win(win)
  else
    vim.cmd('wincmd p')
    vim.cmd('edit ' .. vim.fn.fnameescape(view.file))
  end
  if node.line then vim.api.nvim_win_set_cursor(0, { node.line, 0 }) end
  -- The stop this causes may be on another path than the one nvim-dap focuses, and nvim-dap
  -- sends `continue` for a thread that stops while another is its focus
  -- (auto_continue_if_many_stopped): drop its focus first. The stop's allThreadsStopped
  -- marks every path stopped again, and nvim-dap focuses the stop's thread.
  session.stopped_thread_id = nil
  session:request('symdap/focus', { nodeId = node.id }, function(err)
    if err then
      vim.schedule(function() vim.notify('symdap: ' .. tostring(err.message or err), vim.log.levels.WARN) end)
    end
  end)
end

local function show(session, view)
  local lines, nodes = M.outline(view)
  local buf = vim.fn.bufnr('symdap://tree')
  if buf == -1 then
    buf = vim.api.nvim_create_buf(false, true)
    vim.api.nvim_buf_set_name(buf, 'symdap://tree')
  end
  vim.bo[buf].modifiable = true
  vim.api.nvim_buf_set_lines(buf, 0, -1, false, lines)
  vim.bo[buf].modifiable = false
  vim.bo[buf].bufhidden = 'hide'
  local win = vim.fn.bufwinid(buf)
  if win == -1 then
    vim.cmd('botright split')
    vim.api.nvim_win_set_buf(0, buf)
  else
    vim.api.nvim_set_current_win(win)
  end
  vim.keymap.set('n', '<CR>', function()
    jump(session, view, nodes[vim.api.nvim_win_get_cursor(0)[1]])
  end, { buffer = buf })
  vim.keymap.set('n', 'q', '<cmd>close<cr>', { buffer = buf })
end

--- Ask the session for its tree and show the outline in the `symdap://tree` buffer.
function M.open(session)
  if not session then
    vim.notify('symdap: no debug session', vim.log.levels.WARN)
    return
  end
  session:request('symdap/tree', { compact = true }, function(err, view)
    -- Answers may arrive in a fast event (luv callback): the UI work waits for the main loop.
    vim.schedule(function()
      if err then
        vim.notify('symdap: ' .. tostring(err.message or err), vim.log.levels.ERROR)
      else
        show(session, view)
      end
    end)
  end)
end

return M
