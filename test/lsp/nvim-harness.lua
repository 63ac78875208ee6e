-- Run after the README's lsp-neovim recipe: open the file named by SYMDAP_FILE (and save it when
-- SYMDAP_SAVE is set), wait for the server's diagnostics, write them (and any error) as JSON to SYMDAP_RESULT, quit.
local out = { error = vim.NIL, diagnostics = {}, clients = 0 }
local ok, err = pcall(function()
  vim.cmd('edit ' .. vim.fn.fnameescape(os.getenv('SYMDAP_FILE')))
  -- SYMDAP_SAVE: save once the server is attached (a .vpr is verified on save), then wait for its verdict.
  if os.getenv('SYMDAP_SAVE') then
    vim.wait(20000, function() return #vim.lsp.buf_get_clients(0) > 0 end, 50)
    vim.wait(500)
    vim.cmd('silent write')
  end
  vim.wait(60000, function() return #vim.diagnostic.get(0) > 0 end, 50)
  for _, d in ipairs(vim.diagnostic.get(0)) do
    table.insert(out.diagnostics, { lnum = d.lnum, col = d.col, message = d.message, severity = d.severity, source = d.source })
  end
  out.clients = #vim.lsp.get_active_clients()
  out.filetype = vim.bo.filetype
end)
if not ok then out.error = tostring(err) end
local f = io.open(os.getenv('SYMDAP_RESULT'), 'w')
f:write(vim.fn.json_encode(out))
f:close()
vim.cmd('qa!')
