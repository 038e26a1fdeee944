"""The fix machinery: edits keep formatting, overlapping fixes wait a round, broken fixes are
dropped, imports are added once, and files are written without ever losing a byte."""

from __future__ import annotations

import os
import signal
import stat
import subprocess
import sys
import textwrap
import time

import libcst as cst
import pytest

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.engine import lint_text
from torchlint.lint.fix_files import fix_paths, unified_diff, write_atomic
from torchlint.lint.fixes import Fixer, apply_fixes, fix_text, select_fixes
from torchlint.lint.settings import Settings
from torchlint.rules.tl301_print import PrintInGraph

from .cli_helpers import cli_runner

RULES = [PrintInGraph]
SETTINGS = Settings(select=("TL301",))

MODEL = textwrap.dedent(
    """\
    import torch
    from torch import nn


    class Net(nn.Module):
        def forward(self, x):  # keep this comment
            y = x   *   2  # odd spacing stays
            print("y", y.shape)  # trailing comment moves with the call
            return y
    """
)


def _fix(text: str, **kwargs):
    return fix_text("model.py", text, SETTINGS, rules=RULES, **kwargs)


def test_guard_keeps_comments_and_formatting():
    fixed = _fix(MODEL).text
    assert fixed == MODEL.replace(
        '        print("y", y.shape)',
        '        if not torch.compiler.is_compiling():\n            print("y", y.shape)',
    )


def test_fix_twice_changes_nothing():
    once = _fix(MODEL, unsafe=True)
    twice = _fix(once.text, unsafe=True)
    assert once.changed and not twice.changed
    assert twice.applied == []


def test_crlf_and_mixed_line_endings_are_kept():
    crlf = MODEL.replace("\n", "\r\n")
    fixed = _fix(crlf).text
    assert fixed == _fix(MODEL).text.replace("\n", "\r\n")
    # Mixed: the file's lines keep their own endings; new lines take the first line's.
    mixed = MODEL.replace("return y\n", "return y\r\n")
    fixed_mixed = _fix(mixed).text
    assert fixed_mixed.endswith("return y\r\n")
    assert fixed_mixed.count("\r\n") == 1


def test_missing_import_is_added_once_after_existing_imports():
    source = MODEL.replace("import torch\n", "")
    source = source.replace("return y\n", 'print("again")\n        return y\n')
    outcome = _fix(source)
    assert outcome.text.count("import torch\n") == 1
    assert outcome.text.startswith("from torch import nn\nimport torch\n")
    assert outcome.text.count("torch.compiler.is_compiling()") == 2
    compile(outcome.text, "model.py", "exec")


LAZY_TORCH = textwrap.dedent(
    """\
    def step(x):
        print("step", x.shape)
        return x * 2


    def run(x):
        import torch

        return torch.compile(step)(x)
    """
)


def test_fix_importing_a_package_the_module_does_not_load_is_unsafe():
    # torch only inside a function: a module-level `import torch` would make importing the
    # file load torch (and fail without it), so the guard is offered, but not as safe.
    lazy = lint_text("model.py", LAZY_TORCH, SETTINGS, rules=RULES).diagnostics
    assert [d.fix.applicability for d in lazy] == ["unsafe"]
    assert "`import torch` at module level" in lazy[0].fix.message
    assert not _fix(LAZY_TORCH).changed
    assert _fix(LAZY_TORCH, unsafe=True).text.startswith("import torch\n")
    # `from torch import nn` loads torch already: adding `import torch` costs nothing.
    loaded = lint_text("model.py", MODEL.replace("import torch\n", ""), SETTINGS, rules=RULES)
    assert [d.fix.applicability for d in loaded.diagnostics] == ["safe"]


def test_aliased_torch_import_is_used():
    source = MODEL.replace("import torch\n", "import torch as th\n")
    fixed = _fix(source).text
    assert "if not th.compiler.is_compiling():" in fixed
    assert fixed.count("import") == 2


def test_no_trailing_newline_at_end_of_file():
    source = MODEL.rstrip("\n")
    fixed = _fix(source).text
    assert fixed.endswith("return y")
    assert "is_compiling" in fixed


def test_overlapping_fixes_wait_for_a_later_round():
    diagnostics = lint_text("model.py", MODEL, SETTINGS, rules=RULES).diagnostics
    fix = diagnostics[0].fix
    assert fix is not None
    chosen, later = select_fixes(MODEL, [fix, fix])
    # The same edits twice are shared, not applied twice.
    assert len(chosen) == 2 and not later
    assert apply_fixes(MODEL, chosen) == apply_fixes(MODEL, [fix])


class _BreakingFixer(Fixer):
    """A fixer that writes code that does not compile: the machinery must drop it."""

    codes = ("TL301",)
    applicability = "safe"
    message = "broken"

    def fix(self, diagnostic: Diagnostic):
        return [(diagnostic.node, "print(x) +")]


class _NotCompilingFixer(Fixer):
    """Parses with libcst but CPython refuses it (``return`` outside a function)."""

    codes = ("TL301",)
    applicability = "safe"
    message = "return at top"

    def fix(self, diagnostic: Diagnostic):
        line = self.parent(self.parent(diagnostic.node))
        return [(line, cst.parse_statement("nonlocal undefined_name\n"))]


@pytest.mark.parametrize("fixer", [_BreakingFixer, _NotCompilingFixer])
def test_fix_that_breaks_the_file_is_dropped_and_reported(monkeypatch, fixer):
    from torchlint.lint import fixes

    monkeypatch.setattr(fixes, "fixers_by_code", lambda fixers=None: {"TL301": [fixer]})
    outcome = _fix(MODEL)
    assert outcome.text == MODEL
    if fixer is _NotCompilingFixer:
        assert outcome.dropped and outcome.dropped[0].code == "TL301"
        assert "compile" in outcome.dropped[0].reason
    else:
        # Text that is not an expression cannot even become a replacement node.
        assert not outcome.changed


def test_file_that_does_not_compile_is_left_alone():
    source = MODEL + "def broken(:\n"
    outcome = _fix(source)
    assert not outcome.changed


def test_unified_diff_shows_the_change():
    fixed = _fix(MODEL).text
    diff = unified_diff("model.py", MODEL, fixed)
    assert diff.startswith("--- a/model.py\n+++ b/model.py\n")
    assert "+        if not torch.compiler.is_compiling():\n" in diff
    assert unified_diff("model.py", MODEL, MODEL) == ""


# -- files on disk ---------------------------------------------------------------------------
def test_file_keeps_permissions_encoding_and_bom(tmp_path):
    latin = tmp_path / "latin.py"
    latin_text = "# -*- coding: latin-1 -*-\n" + MODEL.replace('"y"', '"é"')
    latin.write_bytes(latin_text.encode("latin-1"))
    os.chmod(latin, 0o751)
    bom = tmp_path / "bom.py"
    bom.write_bytes(b"\xef\xbb\xbf" + MODEL.replace("\n", "\r\n").encode())
    results = fix_paths([str(latin), str(bom)], SETTINGS, rules=RULES)
    assert all(r.written and r.error is None for r in results)
    assert stat.S_IMODE(os.stat(latin).st_mode) == 0o751
    latin_fixed = latin.read_bytes().decode("latin-1")
    assert "é" in latin_fixed and "is_compiling" in latin_fixed
    raw = bom.read_bytes()
    assert raw.startswith(b"\xef\xbb\xbf") and raw.count(b"\xef\xbb\xbf") == 1
    assert b"is_compiling()" in raw and b"\n" not in raw.replace(b"\r\n", b"")
    assert not [p for p in os.listdir(tmp_path) if p.startswith(".")]


def test_symlink_target_is_rewritten_and_link_kept(tmp_path):
    target = tmp_path / "real.py"
    target.write_text(MODEL)
    link = tmp_path / "link.py"
    link.symlink_to(target)
    [result] = fix_paths([str(link)], SETTINGS, rules=RULES)
    assert result.written
    assert link.is_symlink()
    assert "is_compiling" in target.read_text()


def test_file_changed_on_disk_is_not_written(tmp_path):
    path = tmp_path / "model.py"
    path.write_text(MODEL)
    original = path.read_bytes()
    path.write_text(MODEL + "# edited by someone else\n")
    with pytest.raises(Exception, match="changed on disk"):
        write_atomic(str(path), b"new", expected=original)
    assert path.read_text().endswith("# edited by someone else\n")


def test_file_changed_between_read_and_write_is_reported(tmp_path, monkeypatch):
    from torchlint.lint import fix_files

    path = tmp_path / "model.py"
    path.write_text(MODEL)
    real_fix_text = fix_files.fix_text

    def edit_meanwhile(*args, **kwargs):
        outcome = real_fix_text(*args, **kwargs)
        path.write_text(MODEL + "# saved in the editor meanwhile\n")
        return outcome

    monkeypatch.setattr(fix_files, "fix_text", edit_meanwhile)
    [result] = fix_paths([str(path)], SETTINGS, rules=RULES)
    assert not result.written and "changed on disk" in (result.error or "")
    assert path.read_text() == MODEL + "# saved in the editor meanwhile\n"


def test_diff_mode_writes_nothing(tmp_path):
    path = tmp_path / "model.py"
    path.write_text(MODEL)
    [result] = fix_paths([str(path)], SETTINGS, rules=RULES, write=False)
    assert result.changed and not result.written
    assert path.read_text() == MODEL


_KILL_WORKER = """
import sys
from torchlint.lint.fix_files import fix_paths
from torchlint.lint.settings import Settings
from torchlint.rules.tl301_print import PrintInGraph
fix_paths(sys.argv[1:], Settings(select=("TL301",)), rules=[PrintInGraph])
"""


@pytest.mark.slow
def test_kill_during_fix_leaves_every_file_old_or_new(tmp_path):
    # Big files make a kill in the middle of writing one likely.
    body = "".join(f"        y = y + {i}  # line {i}\n" for i in range(400))
    source = MODEL.replace("        return y\n", body + "        return y\n")
    expected_new = _fix(source).text
    assert expected_new != source
    paths = []
    for number in range(60):
        path = tmp_path / f"m{number:03d}.py"
        path.write_text(source)
        paths.append(str(path))
    process = subprocess.Popen([sys.executable, "-c", _KILL_WORKER, *paths])
    # Every file is linted before the first is fixed and written (as check lints them).
    deadline = time.monotonic() + 240
    written = 0
    while time.monotonic() < deadline and process.poll() is None:
        written = sum(1 for p in paths if os.path.getsize(p) != len(source.encode()))
        if written >= 2:
            break
        time.sleep(0.005)
    if process.poll() is None:
        os.kill(process.pid, signal.SIGKILL)
    process.wait()
    contents = [open(p).read() for p in paths]
    assert all(text in (source, expected_new) for text in contents)
    assert any(text == expected_new for text in contents)


def test_cli_fix_diff_then_fix(tmp_path, monkeypatch):

    from torchlint.cli import main

    path = tmp_path / "model.py"
    path.write_text(MODEL)
    monkeypatch.chdir(tmp_path)
    runner = cli_runner()
    diff = runner.invoke(main, ["fix", "--diff", "--isolated", "--select", "TL301", "model.py"])
    assert diff.exit_code == 1, diff.output
    assert "+        if not torch.compiler.is_compiling():" in diff.output
    assert path.read_text() == MODEL
    fixed = runner.invoke(main, ["fix", "--isolated", "--select", "TL301", "model.py"])
    assert fixed.exit_code == 0, fixed.output
    assert "is_compiling" in path.read_text()
    again = runner.invoke(main, ["fix", "--diff", "--isolated", "--select", "TL301", "model.py"])
    assert again.exit_code == 0 and "+++" not in again.output


BRINGS_A_CODE = """
import torch
from torch import nn


class Cached(nn.Module):
    def forward(self, x, cache=None):
        if cache is not None:
            if cache[0] == "skip":
                return x
        return x * 2


class Dropper(nn.Module):
    def forward(self, labels, forced=None):
        if forced is None:
            keep = labels > 0
        else:
            keep = torch.tensor(forced == 1)
        return torch.where(keep, labels, 0)


class Masked(nn.Module):
    def forward(self, x, mask=None):
        if mask is not None:
            x = x * mask
        return x
"""


def test_a_fix_that_brings_a_new_code_is_undone_and_the_others_kept():
    """TL202's `Optional[torch.Tensor]` makes a list-valued `cache` a tensor to the other rules
    (a TL101 on `cache[0] == "skip"`, a TL108 on `torch.tensor(forced == 1)`): those two fixes
    are dropped with the code they would bring; the one on `mask` is applied."""
    from torchlint.lint.fixes import fix_text
    from torchlint.lint.settings import Settings

    settings = Settings(targets=("script", "trace", "compile", "export"), targets_explicit=True)
    source = BRINGS_A_CODE.lstrip()
    outcome = fix_text("model.py", source, settings)
    before = {d.code for d in lint_text("model.py", source, settings).diagnostics}
    assert {d.code for d in outcome.result.diagnostics} <= before
    assert "mask: Optional[torch.Tensor] = None" in outcome.text
    assert "cache=None" in outcome.text and "forced=None" in outcome.text
    assert sorted(d.reason for d in outcome.dropped) == [
        "it would bring a new finding (TL101)",
        "it would bring a new finding (TL108)",
    ]


FIXED_IN_TWO_STEPS = """\
import numpy as np
import torch
from torch import nn


class Model(nn.Module):
    def forward(self, x):
        top = float(np.percentile(x.detach().numpy(), 90))
        return x.clamp(max=top)
"""


def test_a_new_code_the_next_fixes_clear_at_once_is_kept():
    """Under `--target export` the NumPy fix brings a TL102 (`float()` of the torch call)
    the file did not have; TL102's own fix clears it, so both are applied, not undone."""
    from torchlint.lint.fixes import fix_text
    from torchlint.lint.settings import Settings

    settings = Settings(targets=("export",), targets_explicit=True)
    outcome = fix_text("model.py", FIXED_IN_TWO_STEPS, settings, unsafe=True)
    assert [f.code for f in outcome.applied] == ["TL306", "TL102"]
    assert "torch.quantile(x.detach(), 0.9)" in outcome.text
    assert "float(torch" not in outcome.text
    assert not outcome.result.diagnostics and not outcome.dropped
    # Without the unsafe TL102 fix nothing clears the new code: the NumPy fix is undone.
    safe_only = fix_text("model.py", FIXED_IN_TWO_STEPS, settings, unsafe=False)
    assert safe_only.text == FIXED_IN_TWO_STEPS
