-- A live DAP session for the Neovim tests: runs `symdap dap` (from PATH, as the recipe's
-- adapter does) and speaks DAP to it over the job's pipes, with the `session:request`
-- method nvim-dap's sessions have (nvim-dap is packaged by neither Debian nor npm, and its
-- code is not copied here). It launches a program and records every event, so a test can
-- wait for stops and see what a recipe's request made the adapter do.
local M = {}

local function start(program)
  local s = { seq = 0, pending = {}, events = {}, buffer = '' }

  local function dispatch(message)
    if message.type == 'response' then
      local cb = s.pending[message.request_seq]
      s.pending[message.request_seq] = nil
      if cb then
        if message.success then cb(nil, message.body or {}) else cb({ message = message.message }, nil) end
      end
    elseif message.type == 'event' then
      table.insert(s.events, message)
    end
  end

  local function on_stdout(_, data)
    s.buffer = s.buffer .. table.concat(data, '\n')
    while true do
      local header_end = s.buffer:find('\r\n\r\n', 1, true)
      if not header_end then return end
      local length = tonumber(s.buffer:sub(1, header_end):match('Content%-Length: (%d+)'))
      local body_start = header_end + 4
      if #s.buffer < body_start + length - 1 then return end
      local body = s.buffer:sub(body_start, body_start + length - 1)
      s.buffer = s.buffer:sub(body_start + length)
      dispatch(vim.json.decode(body))
    end
  end

  s.job = vim.fn.jobstart({ 'symdap', 'dap' }, { on_stdout = on_stdout })

  -- Each request with the focus nvim-dap's session had when it was sent (`stopped_thread_id`,
  -- which nvim-dap sets at a stop; the harness sets it as nvim-dap would).
  s.sent = {}
  function s:request(command, arguments, callback)
    table.insert(self.sent, { command = command, stopped_thread_id = self.stopped_thread_id or vim.NIL })
    self.seq = self.seq + 1
    self.pending[self.seq] = callback
    local body = vim.json.encode({ seq = self.seq, type = 'request', command = command, arguments = arguments })
    vim.fn.chansend(self.job, 'Content-Length: ' .. #body .. '\r\n\r\n' .. body)
  end

  --- The stopped events so far.
  function s:stops()
    local out = {}
    for _, e in ipairs(self.events) do
      if e.event == 'stopped' then table.insert(out, e.body) end
    end
    return out
  end

  s:request('initialize', { adapterID = 'symdap', clientID = 'neovim', linesStartAt1 = true, columnsStartAt1 = true, pathFormat = 'path' }, function() end)
  s:request('launch', { program = program, stopOnEntry = false }, function() end)
  s:request('configurationDone', {}, function() end)
  return s
end

M.start = start
return M
