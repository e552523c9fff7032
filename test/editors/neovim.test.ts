// docs/editors.md's Neovim setups, tried: the snippet for the installed Neovim's version line
// (marked `<!-- nvim: 0.7 -->`, `0.8` or `0.11` before its block) runs in `nvim --headless`
// against the built `catq lsp --stdio` (dist/cli.js, in place of `npx catq`), opens a bad query
// and must get the server's diagnostic back. The snippets for the other lines are checked as
// Lua with `luac -p` (Debian's lua5.1). .ci/run installs Neovim and Lua when missing.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { SAMPLE_CATALOG } from '../cli/helpers.js';

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

/** What a headless run reports: the diagnostics' messages, and what `then` added to `result`. */
interface Run {
  messages: string[];
  hover?: string[];
  formatted?: string[];
  log: string;
}

/**
 * Runs `snippet` in headless Neovim on a .catq file holding `query` (next to the sample catalog
 * and a catq.config.json naming it); the diagnostics it got. `then` is Lua run once they came,
 * with `buf` and a `result` table written out with them.
 */
function diagnosticsIn(snippet: string, query: string, waitMs = 30_000, then = ''): Run {
  const dir = mkdtempSync(join(work, 'run-'));
  const file = join(dir, 'bad.catq');
  const out = join(dir, 'diagnostics.json');
  writeFileSync(file, query);
  copyFileSync(SAMPLE_CATALOG, join(dir, 'catalog.json'));
  writeFileSync(join(dir, 'catq.config.json'), JSON.stringify({ catalog: 'catalog.json' }));
  const lua = (s: string): string => JSON.stringify(s);
  const setup = snippet.replaceAll("{ 'npx', 'catq', 'lsp', '--stdio' }", `{ ${lua(process.execPath)}, ${lua(cli)}, 'lsp', '--stdio' }`);
  if (setup === snippet) throw new Error('the snippet no longer starts the server with npx catq lsp --stdio');
  const driver = `
vim.api.nvim_create_autocmd('VimEnter', { callback = function()
  local buf = vim.api.nvim_get_current_buf()
  vim.wait(${waitMs}, function() return #vim.diagnostic.get(buf) > 0 end, 50)
  local messages = {}
  for _, d in ipairs(vim.diagnostic.get(buf)) do table.insert(messages, d.message) end
  local result = { messages = messages }
  if #messages > 0 then
    local ok, err = pcall(function()
${then}
    end)
    if not ok then result.error = tostring(err) end
  end
  local f = io.open(${lua(out)}, 'w')
  f:write(vim.fn.json_encode(result))
  f:close()
  vim.cmd('qa!')
end })`;
  writeFileSync(join(dir, 'init.lua'), `${setup}\n${driver}\n`);
  const env = { ...process.env, XDG_CONFIG_HOME: dir, XDG_DATA_HOME: dir, XDG_STATE_HOME: dir, XDG_CACHE_HOME: dir };
  const r = spawnSync('nvim', ['--headless', '-n', '-i', 'NONE', '-u', join(dir, 'init.lua'), file], { cwd: dir, env, encoding: 'utf8', timeout: 60_000 });
  const log = `${r.stdout ?? ''}${r.stderr ?? ''}`;
  const result = existsSync(out) ? (JSON.parse(readFileSync(out, 'utf8')) as Omit<Run, 'log'> & { error?: string }) : { messages: [] };
  return { ...result, log: result.error ? `${log}\n${result.error}` : log };
}

/** The documented formatting command of each version line (docs/editors.md, after the setups). */
const FORMAT: Record<string, string> = { '0.7': 'vim.lsp.buf.formatting_sync()', '0.8': 'vim.lsp.buf.format()', '0.11': 'vim.lsp.buf.format()' };

/**
 * Lua for `diagnosticsIn`'s `then`: `K` on the first word, as a user presses it (through the
 * mappings), then the lines of the floating window that opens; then the version's formatting
 * command, then the buffer's lines.
 */
function hoverAndFormat(line: string, waitMs = 10_000): string {
  return `
      vim.api.nvim_win_set_cursor(0, { 1, 0 })
      pcall(vim.cmd, 'normal K') -- unmapped, K runs :Man, which fails here
      local float
      vim.wait(${waitMs}, function()
        for _, w in ipairs(vim.api.nvim_list_wins()) do
          if vim.api.nvim_win_get_config(w).relative ~= '' then float = w return true end
        end
        return false
      end, 50)
      result.hover = float and vim.api.nvim_buf_get_lines(vim.api.nvim_win_get_buf(float), 0, -1, false) or {}
      if float then vim.api.nvim_win_close(float, true) end
      ${FORMAT[line]}
      result.formatted = vim.api.nvim_buf_get_lines(buf, 0, -1, false)`;
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

  it('K shows the hover and the documented command formats, on the installed Neovim', () => {
    const line = versionLine();
    const doc = readFileSync(join(root, 'docs', 'editors.md'), 'utf8');
    expect(doc).toContain(`\`:lua ${FORMAT[line]}\``);
    const run = diagnosticsIn(all.get(line) ?? '', 'brand  =  "x"   and colr = 1\n', 30_000, hoverAndFormat(line));
    expect(run.messages.join('\n'), run.log).toMatch(/colr/);
    expect(run.hover?.join('\n'), `no hover window after K; nvim said:\n${run.log}`).toMatch(/brand.*String/);
    expect(run.formatted, run.log).toEqual(['brand = "x" and colr = 1']);
  }, 90_000);

  it('without the K mapping no hover opens (the test can fail)', () => {
    const line = versionLine();
    const unmapped = (all.get(line) ?? '').replace(/ {6,}vim\.keymap\.set\('n', 'K'.*\n/g, '');
    // 0.10 and later map K to the hover themselves: only an older Neovim can show the difference.
    if (line !== '0.11' && !/NVIM v0\.10\./.test(spawnSync('nvim', ['--version'], { encoding: 'utf8' }).stdout)) {
      expect(unmapped).not.toBe(all.get(line));
      // A hover comes within a second when it comes at all (the mapped run above): 3 s is enough to see none.
      expect(diagnosticsIn(unmapped, 'brand = "x" and colr = 1\n', 30_000, hoverAndFormat(line, 3000)).hover).toEqual([]);
    }
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
