-- Run by test/editors/neovim.test.ts inside tmux, after Neovim has loaded the recipe's
-- init.lua (with the stand-in `dap` module): a live session runs $SYMDAP_PROGRAM to its first
-- failure, then the user runs :SymTree. The outline's lines go to $SYMDAP_RESULT, the cursor
-- is put on the first failed node, and the test presses Enter through tmux; what that did
-- (the window's file and line, the adapter's new stop) goes to $SYMDAP_RESULT.after.
local dap = require('dap')
local result = { error = vim.NIL }
local out = os.getenv('SYMDAP_RESULT')

local function write(file, value)
  vim.fn.writefile({ vim.json.encode(value) }, file)
end

local ok, err = pcall(function()
  vim.cmd('edit ' .. vim.fn.fnameescape(os.getenv('SYMDAP_PROGRAM')))
  local session = require('symdap-live-session').start(vim.fn.expand('%:p'))
  dap.recording_session = session
  if not vim.wait(60000, function() return #session:stops() > 0 end, 50) then error('no stop from symdap') end
  -- nvim-dap focuses the thread of a stop.
  session.stopped_thread_id = session:stops()[1].threadId
  vim.cmd('SymTree')
  if not vim.wait(30000, function() return vim.fn.bufwinid('symdap://tree') ~= -1 end, 50) then error('no tree buffer') end
  local buf = vim.fn.bufnr('symdap://tree')
  result.lines = vim.api.nvim_buf_get_lines(buf, 0, -1, false)
  vim.fn.search('✗ failed')
  result.cursor = vim.api.nvim_win_get_cursor(0)[1]
  local stops = #session:stops()
  -- After the test's Enter: where the user is, and what the adapter did.
  local timer = vim.loop.new_timer()
  timer:start(100, 100, vim.schedule_wrap(function()
    if #session:stops() > stops then
      timer:stop()
      vim.defer_fn(function()
        local focus = vim.tbl_filter(function(r) return r.command == 'symdap/focus' end, session.sent)
        write(out .. '.after', {
          file = vim.fn.expand('%:p'), line = vim.api.nvim_win_get_cursor(0)[1], stop = session:stops()[stops + 1],
          focus = focus,
        })
      end, 300)
    end
  end))
end)
if not ok then result.error = tostring(err) end
write(out, result)
