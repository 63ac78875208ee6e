-- Run by test/editors/neovim.test.ts after Neovim has loaded the README's init.lua (with the
-- stand-in `dap` module first on the runtimepath): opens a .sym file the way a user does,
-- presses the recipe's mappings, runs :SymTree, opens a .vpr file, and writes what the recipe registered and
-- did as JSON to $SYMDAP_RESULT.
local dap = require('dap')
local result = { version = vim.version() }

local ok, err = pcall(function()
  vim.cmd('edit ' .. vim.fn.fnameescape(os.getenv('SYMDAP_PROGRAM')))
  result.filetype = vim.bo.filetype
  local keys = vim.api.nvim_replace_termcodes('<F9><F10><F11><leader>di<leader>db<leader>dR<leader>dt', true, false, true)
  vim.api.nvim_feedkeys(keys, 'x', false)
  vim.cmd('SymTree')
  -- A .vpr file: the recipe's filetype for it.
  vim.cmd('edit ' .. vim.fn.fnameescape(os.getenv('SYMDAP_VIPER')))
  result.viper_filetype = vim.bo.filetype
end)
result.error = ok and vim.NIL or tostring(err)
result.adapters = dap.adapters
result.configurations = dap.configurations
result.calls = dap.calls
result.requests = dap.recording_session.requests
vim.fn.writefile({ vim.json.encode(result) }, os.getenv('SYMDAP_RESULT'))
vim.cmd('qall!')
