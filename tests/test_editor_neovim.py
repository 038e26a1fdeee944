"""README's Neovim configuration, run as written in a headless Neovim (skipped without nvim)."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("pygls")

ROOT = Path(__file__).resolve().parent.parent
NVIM = shutil.which("nvim")
NET = """\
from torch import nn


class Net(nn.Module):
    def forward(self, x):
        print(x)
        return x
"""
# Waits for the server's diagnostics, then writes them and the client's root for the test.
CHECK = """\
vim.wait(90000, function() return #vim.diagnostic.get(0) > 0 end, 100)
local lines = {}
for _, d in ipairs(vim.diagnostic.get(0)) do
  table.insert(lines, string.format("diagnostic %s %d", d.source or "", d.lnum + 1))
end
for _, client in pairs(vim.lsp.get_active_clients()) do
  table.insert(lines, "client " .. client.name .. " " .. (client.config.root_dir or ""))
end
vim.fn.writefile(lines, vim.env.TORCHLINT_NVIM_RESULT)
vim.cmd("qa!")
"""


def readme_snippet(heading: str) -> str:
    """The first ```lua block after the README line starting with ``heading``."""
    text = (ROOT / "README.md").read_text()
    start = text.index("\n" + heading)
    match = re.compile(r"```lua\n(.*?)```", re.S).search(text, start)
    assert match is not None, heading
    return match.group(1)


@pytest.mark.skipif(NVIM is None, reason="nvim is not installed")
def test_readme_neovim_07_config_starts_the_server(tmp_path: Path) -> None:
    version = subprocess.run([NVIM, "--version"], capture_output=True, text=True).stdout
    workspace = tmp_path / "project"
    (workspace / "pkg").mkdir(parents=True)
    (workspace / "pyproject.toml").write_text("[tool.torchlint]\n")
    (workspace / "pkg" / "net.py").write_text(NET)
    init = tmp_path / "init.lua"
    init.write_text(readme_snippet("Neovim 0.7 and later"))
    check = tmp_path / "check.lua"
    check.write_text(CHECK)
    result = tmp_path / "result.txt"
    env = dict(os.environ, TORCHLINT_NVIM_RESULT=str(result))
    # `torchlint` as the snippet names it: the console script of this environment.
    env["PATH"] = os.path.dirname(sys.executable) + os.pathsep + env["PATH"]
    for name in ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME"):
        env[name] = str(tmp_path / "xdg" / name)  # no user config, logs kept out of $HOME
    run = subprocess.run(
        [NVIM, "--headless", "-u", str(init), "pkg/net.py", "-c", f"luafile {check}"],
        cwd=workspace, env=env, capture_output=True, text=True, timeout=150,
    )  # fmt: skip
    assert result.exists(), (version, run.stdout, run.stderr)
    lines = result.read_text().splitlines()
    # TL301 on line 6 (the print), from a server whose root is the folder holding pyproject.toml.
    assert "diagnostic torchlint 6" in lines, (version, lines, run.stderr)
    assert f"client torchlint {workspace}" in lines, (version, lines)
