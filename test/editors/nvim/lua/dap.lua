-- A stand-in for nvim-dap's `dap` module, used by test/editors/neovim.test.ts (nvim-dap is
-- packaged by neither Debian nor npm, and its code is not copied here). It has the tables
-- the README's init.lua fills in and functions that record how the recipe calls them; the
-- session's `request` records the arguments encoded as nvim-dap encodes them (vim.json).
local M = { adapters = {}, configurations = {}, calls = {} }

local function recorder(name)
  return function(...)
    table.insert(M.calls, { name = name, args = { ... } })
  end
end

M.continue = recorder('continue')
M.step_over = recorder('step_over')
M.step_into = recorder('step_into')
M.step_out = recorder('step_out')
M.toggle_breakpoint = recorder('toggle_breakpoint')
M.step_back = recorder('step_back')
M.reverse_continue = recorder('reverse_continue')

local session = { requests = {} }
function session:request(command, arguments, _callback)
  -- Recorded only: the tests replay it against symdap (no answer comes back here).
  table.insert(self.requests, { command = command, arguments = vim.json.encode(arguments) })
end
M.recording_session = session

-- A test may put a live session here (test/editors/nvim/lua/symdap-live-session.lua).
function M.session()
  return M.recording_session
end

return M
