// docs/editors.md's Neovim setups, tried: the snippet for the installed Neovim's version line
// (marked `<!-- nvim: 0.7 -->`, `0.8` or `0.11` before its block) runs in `nvim --headless`
// against the built `catq lsp --stdio` (dist/cli.js, in place of `npx catq`), opens a bad query
// and must get the server's diagnostic back. The snippets for the other lines are checked as
// Lua with `luac -p` (Debian's lua5.1). .ci/run installs Neovim and Lua when missing.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));
const cli = join(root, 'dist', 'cli.js');
const work = mkdtempSync(join(tmpdir(), 'catq-nvim-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The Lua blocks of docs/editors.md by version line. */
function snippets(): Map<string, string> {
  const text = readFileSync(join(root, 'docs', 'editors.md'), 'utf8');
  const out = new Map<string, string>();
  for (const m of text.matchAll(/<!-- nvim: ([0-9.]+) -->\n```lua\n([\s\S]*?)```/g)) out.set(m[1] ?? '', m[2] ?? '');
  return out;
}

/** The installed Neovim's version line: 0.7, 0.8 (0.8 to 0.10) or 0.11 (0.11 and later). */
function versionLine(): string {
  const r = spawnSync('nvim', ['--version'], { encoding: 'utf8' });
  const m = /NVIM v0\.([0-9]+)/.exec(r.stdout ?? '');
  if (!m) throw new Error('nvim is not installed (.ci/run installs Debian\'s neovim): cannot try docs/editors.md');
  const minor = Number(m[1]);
  return minor <= 7 ? '0.7' : minor <= 10 ? '0.8' : '0.11';
}

/** Runs `snippet` in headless Neovim on a .catq file holding `query`; the diagnostics it got. */
function diagnosticsIn(snippet: string, query: string, waitMs = 30_000): { messages: string[]; log: string } {
  const dir = mkdtempSync(join(work, 'run-'));
  const file = join(dir, 'bad.catq');
  const out = join(dir, 'diagnostics.json');
  writeFileSync(file, query);
  const lua = (s: string): string => JSON.stringify(s);
  const setup = snippet.replaceAll("{ 'npx', 'catq', 'lsp', '--stdio' }", `{ ${lua(process.execPath)}, ${lua(cli)}, 'lsp', '--stdio' }`);
  if (setup === snippet) throw new Error('the snippet no longer starts the server with npx catq lsp --stdio');
  const driver = `
vim.api.nvim_create_autocmd('VimEnter', { callback = function()
  local buf = vim.api.nvim_get_current_buf()
  vim.wait(${waitMs}, function() return #vim.diagnostic.get(buf) > 0 end, 50)
  local messages = {}
  for _, d in ipairs(vim.diagnostic.get(buf)) do table.insert(messages, d.message) end
  local f = io.open(${lua(out)}, 'w')
  f:write(vim.fn.json_encode(messages))
  f:close()
  vim.cmd('qa!')
end })`;
  writeFileSync(join(dir, 'init.lua'), `${setup}\n${driver}\n`);
  const env = { ...process.env, XDG_CONFIG_HOME: dir, XDG_DATA_HOME: dir, XDG_STATE_HOME: dir, XDG_CACHE_HOME: dir };
  const r = spawnSync('nvim', ['--headless', '-n', '-i', 'NONE', '-u', join(dir, 'init.lua'), file], { cwd: dir, env, encoding: 'utf8', timeout: 60_000 });
  const log = `${r.stdout ?? ''}${r.stderr ?? ''}`;
  return { messages: existsSync(out) ? (JSON.parse(readFileSync(out, 'utf8')) as string[]) : [], log };
}

describe('docs/editors.md Neovim setups', () => {
  const all = snippets();

  it('has one setup per version line', () => {
    expect([...all.keys()].sort()).toEqual(['0.11', '0.7', '0.8']);
  });

  it('the setup for the installed Neovim gets catq lsp\'s diagnostic for a bad query', () => {
    const line = versionLine();
    const { messages, log } = diagnosticsIn(all.get(line) ?? '', 'brand = ');
    expect(messages, `Neovim ${line} setup got no diagnostic; nvim said:\n${log}`).not.toEqual([]);
    expect(messages.join('\n')).toMatch(/value|expected/i);
  }, 90_000);

  it('a broken setup gets none (the test can fail)', () => {
    const line = versionLine();
    const broken = (all.get(line) ?? '').replace("pattern = { 'catq', 'catqjson' }", "pattern = { 'nothing' }").replace("filetypes = { 'catq', 'catqjson' }", "filetypes = { 'nothing' }");
    expect(diagnosticsIn(broken, 'brand = ', 8000).messages).toEqual([]);
  }, 90_000);

  it('every setup is valid Lua (luac -p)', () => {
    const luac = spawnSync('luac', ['-v'], { encoding: 'utf8' });
    if (luac.error) throw new Error('luac is not installed (.ci/run installs Debian\'s lua5.1)');
    for (const [line, code] of all) {
      const file = join(work, `setup-${line}.lua`);
      writeFileSync(file, code);
      const r = spawnSync('luac', ['-p', file], { encoding: 'utf8' });
      expect(r.status, `Neovim ${line} setup: ${r.stderr}`).toBe(0);
    }
  });
});
