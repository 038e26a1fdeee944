"""Robustness: bad input never crashes, hangs or loses a byte, through the real CLI.

Every bad file gets one clear per-file error or a normal result, never a traceback; exit 2
only where a file could not be linted, and every other file is still linted. An exception in
one rule or fixer is an internal error of that rule and file. Linting, fixing and the language
server never import or run the code they read.

(Atomic writes, kill -9 during a fix, permissions and changed-on-disk are in
``test_fix_machinery.py``; verifier isolation is in ``test_verify*.py``.)
"""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import libcst as cst
import pytest

from tests.cli_helpers import PRINT_MODEL, position_of, run_cli, run_json, write
from torchlint.lint import discovery, fixes
from torchlint.lint.engine import ISSUE_HINT, lint_text
from torchlint.lint.fixes import Fixer, fix_text
from torchlint.lint.registry import rule_by_code_or_name
from torchlint.lint.rule import Rule
from torchlint.lint.run import lint_files

PRINT_RULE = rule_by_code_or_name("TL301")
SELECT = ["--select", "TL301"]

# A model whose forward prints (TL301) with a non-ASCII string, to exercise encodings.
ACCENTED_MODEL = PRINT_MODEL.replace('print("x", x.shape)', 'print("café", x.shape)')


def print_line(text: str) -> tuple[int, int]:
    return position_of(text, "print(")


def assert_no_traceback(output: str) -> None:
    assert "Traceback" not in output
    assert "internal error" not in output


def by_path(items: list[dict]) -> dict[str, list[dict]]:
    grouped: dict[str, list[dict]] = {}
    for item in items:
        grouped.setdefault(item["path"], []).append(item)
    return grouped


# -- bad and odd files in one run ----------------------------------------------------------------
# name -> (bytes, text the linter should see or None when the file cannot be linted, error fragment)
def odd_files() -> dict[str, tuple[bytes, str | None, str | None]]:
    py312 = textwrap.dedent(
        """\
        import torch
        from torch import nn

        type Pair = tuple[torch.Tensor, torch.Tensor]


        def first[T](items: list[T]) -> T:
            return items[0]


        class Box[T]:
            pass


        class Net(nn.Module):
            def forward(self, x):
                name = "x"
                label = f"{f'{name!r}'}-{f"{'in' 'ner'}"}"
                return x.relu()
        """
    )
    return {
        "good.py": (PRINT_MODEL.encode(), PRINT_MODEL, None),
        "latin1_cookie.py": (
            ("# -*- coding: latin-1 -*-\n" + ACCENTED_MODEL).encode("latin-1"),
            "# -*- coding: latin-1 -*-\n" + ACCENTED_MODEL,
            None,
        ),
        "cp1252_cookie.py": (
            ("# vim: set fileencoding=cp1252 :\n" + ACCENTED_MODEL).encode("cp1252"),
            "# vim: set fileencoding=cp1252 :\n" + ACCENTED_MODEL,
            None,
        ),
        "latin1_no_cookie.py": (ACCENTED_MODEL.encode("latin-1"), None, "cannot decode as utf-8"),
        "bom.py": (b"\xef\xbb\xbf" + ACCENTED_MODEL.encode(), ACCENTED_MODEL, None),
        "crlf.py": (PRINT_MODEL.replace("\n", "\r\n").encode(), PRINT_MODEL, None),
        "mixed.py": (PRINT_MODEL.replace("\n", "\r\n", 4).encode(), PRINT_MODEL, None),
        "old_mac.py": (PRINT_MODEL.replace("\n", "\r").encode(), PRINT_MODEL, None),
        "tabs.py": (
            PRINT_MODEL.replace("    ", "\t").encode(),
            PRINT_MODEL.replace("    ", "\t"),
            None,
        ),
        "empty.py": (b"", "", None),
        "only_comment.py": (b"# nothing here", "# nothing here", None),
        "nul.py": (PRINT_MODEL.encode() + b"\x00", None, "NUL byte"),
        "py2.py": (b"import torch\nprint 'hello'\nexec 'x = 1'\n", None, "syntax error"),
        "syntax.py": (b"import torch\n\ndef f(:\n    pass\n", None, "syntax error"),
        "py312.py": (py312.encode(), py312, None),
    }


def test_odd_files_each_get_a_result_or_one_clear_error(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    files = odd_files()
    for name, (data, _, _) in files.items():
        write(tmp_path, f"src/{name}", data)
    status, document = run_json([*SELECT, "src"])
    assert status == 2
    errors = by_path(document["errors"])
    findings = by_path(document["diagnostics"])
    for name, (_, text, fragment) in files.items():
        path = f"src/{name}"
        if fragment is not None:
            assert len(errors.get(path, [])) == 1, (path, errors.get(path))
            assert fragment in errors[path][0]["message"]
            assert path not in findings
            continue
        assert path not in errors, errors[path]
        if text is not None and "print(" in text:
            # The finding is where the user sees it, whatever the encoding or line endings.
            [finding] = findings[path]
            assert (finding["line"], finding["column"]) == print_line(text), path
        else:
            assert path not in findings, path
    # Syntax errors carry Python's position.
    for name in ("py2.py", "syntax.py"):
        [error] = errors[f"src/{name}"]
        assert error["line"] == (2 if name == "py2.py" else 3) and error["column"] >= 1
    # Text output: one line per bad file, no traceback.
    result = run_cli(["check", *SELECT, "--output-format", "concise", "src"])
    assert result.exit_code == 2
    assert_no_traceback(result.output)
    for name, (_, text, fragment) in files.items():
        lines = [line for line in result.output.splitlines() if line.startswith(f"src/{name}:")]
        if fragment is not None:
            assert len(lines) == 1 and ": error: " in lines[0], lines
        else:
            assert len(lines) == (1 if "print(" in text else 0), lines


def test_exit_status_is_2_only_when_a_file_could_not_be_linted(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    for name, (data, _, fragment) in odd_files().items():
        if fragment is None:
            write(tmp_path, name, data)
    status, document = run_json([*SELECT, "."])
    assert document["errors"] == []
    assert status == 1  # findings, and every file linted


def test_fix_keeps_encoding_bom_and_line_endings_and_leaves_bad_files_alone(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    files = odd_files()
    before = {}
    for name, (data, _, _) in files.items():
        write(tmp_path, name, data)
        before[name] = data
    result = run_cli(["fix", *SELECT, "."])
    assert result.exit_code == 2  # the files that cannot be linted
    assert_no_traceback(result.output)
    for name, (data, text, fragment) in files.items():
        after = (tmp_path / name).read_bytes()
        if fragment is not None or text is None or "print(" not in text:
            assert after == data, name  # not linted, or nothing to fix: not a byte changed
            continue
        assert after != data, name
        encoding = "latin-1" if "latin1" in name else "cp1252" if "cp1252" in name else "utf-8"
        assert after.startswith(b"\xef\xbb\xbf") == data.startswith(b"\xef\xbb\xbf"), name
        fixed = after.decode(encoding)
        cst.parse_module(fixed.lstrip("\ufeff"))
        compile(fixed.lstrip("\ufeff"), name, "exec")
        original = data.decode(encoding)
        # Everything before the fixed statement and after it is byte-for-byte the same.
        line, _ = print_line(text)
        head = "".join(original.splitlines(keepends=True)[: line - 1])
        tail = "".join(original.splitlines(keepends=True)[line:])
        assert fixed.startswith(head) and fixed.endswith(tail), name
        # New lines take the file's ending: no bare \n in a CRLF file, no \n in a CR file.
        if name == "crlf.py":
            assert fixed.count("\n") == fixed.count("\r\n")
        if name == "old_mac.py":
            assert "\n" not in fixed
        assert "print(" in fixed  # guarded, not deleted


# -- big files -------------------------------------------------------------------------------------
def test_50000_line_file_and_5_mb_line(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    table = "".join(f"ROW_{i} = ({i}, 'name_{i}', {i} * 2.5)\n" for i in range(50_000))
    write(tmp_path, "generated.py", table + PRINT_MODEL)
    blob = "BLOB = '" + "A" * (5 * 1024 * 1024) + "'; SIZES = [1, 2, 3]\n"
    write(tmp_path, "blob.py", blob + PRINT_MODEL)
    status, document = run_json([*SELECT, "generated.py", "blob.py"])
    assert status == 1 and document["errors"] == []
    lines = sorted((d["path"], d["line"]) for d in document["diagnostics"])
    assert lines == [
        ("blob.py", 1 + print_line(PRINT_MODEL)[0]),
        ("generated.py", 50_000 + print_line(PRINT_MODEL)[0]),
    ]
    diff = run_cli(["fix", "--diff", *SELECT, "blob.py"])
    assert diff.exit_code == 1 and "is_compiling" in diff.output
    assert (tmp_path / "blob.py").read_text() == blob + PRINT_MODEL


# -- deep nesting ----------------------------------------------------------------------------------
NESTED = """\
import torch
from torch import nn


class Net(nn.Module):
    def forward(self, x):
        y = {expr}
        print(y)
        if x.sum() > 0:
            return x
        return y
"""
# Shapes Python itself compiles at this depth; the linter has to give a clean result.
DEPTH = 600
SHAPES = {
    "binary": "+".join(["x"] * DEPTH),
    "boolean": " and ".join(["x"] * DEPTH),
    "not": "not " * DEPTH + "x",
    "unary": "-" * DEPTH + "x",
    "attribute": "x" + ".a" * DEPTH,
    "ternary": " if flag else ".join(["x"] * DEPTH),
    "lambda": "lambda: " * DEPTH + "x",
    "calls": "f(" * 150 + "x" + ")" * 150,
}


@pytest.mark.parametrize("shape", sorted(SHAPES))
def test_deeply_nested_expression_is_linted_or_refused_clearly(shape):
    text = NESTED.format(expr=SHAPES[shape])
    result = lint_text("nested.py", text)
    for error in result.errors:
        assert "internal error" not in error.message, error.message
        assert "too deeply nested" in error.message
    # The rules that could analyse the file report what they found.
    assert "TL301" in [d.code for d in result.diagnostics]
    outcome = fix_text("nested.py", text, unsafe=True)
    assert all("internal error" not in e.message for e in outcome.result.errors)
    if outcome.changed:
        compile(outcome.text, "nested.py", "exec")
        assert fix_text("nested.py", outcome.text, unsafe=True).text == outcome.text


# Deeper than Python compiles, more parentheses than its tokenizer takes, and `and` / `or`
# chains that Python keeps flat but that overflow the stack of libcst's native parser (the
# process would die with SIGSEGV, so this runs the real CLI in a subprocess).
TOO_DEEP = {
    "unary.py": "-" * 30_000 + "x",
    "binary.py": "+".join(["x"] * 30_000),
    "parens.py": "(" * 300 + "x" + ")" * 300,
    "and_chain.py": " and ".join(["x"] * 8_000),
    "or_chain.py": " or ".join(["x"] * 8_000),
}


@pytest.mark.skipif(
    sys.version_info < (3, 10),
    reason="Python 3.9 takes minutes over the 8,000-operand boolean chains before refusing them",
)
def test_nesting_beyond_limits_is_one_clear_error_and_no_crash(tmp_path):
    for name, expr in TOO_DEEP.items():
        write(tmp_path, name, NESTED.format(expr=expr))
    write(tmp_path, "good.py", PRINT_MODEL)
    # Valid code Python warns about: the user's SyntaxWarnings are not printed by the linter.
    write(tmp_path, "warns.py", "y = 1if True else 2\nz = 1()\n")
    for command in (["check", "--output-format", "json"], ["fix", "--diff", "--unsafe-fixes"]):
        completed = subprocess.run(
            [sys.executable, "-m", "torchlint", *command, "."],
            cwd=tmp_path,
            capture_output=True,
            text=True,
            timeout=300,
        )
        assert completed.returncode == 2, (completed.returncode, completed.stderr[-2000:])
        assert_no_traceback(completed.stdout + completed.stderr)
        assert "SyntaxWarning" not in completed.stderr
        if command[0] == "check":
            document = json.loads(completed.stdout)
            errors = by_path(document["errors"])
            assert set(errors) == set(TOO_DEEP)
            for items in errors.values():
                [error] = items
                assert error["message"].startswith(
                    ("too deeply nested", "syntax error: too many nested parentheses")
                ), error
            assert [d["path"] for d in document["diagnostics"]] == ["good.py"]
        else:
            assert "+++ b/good.py" in completed.stdout
            for name in TOO_DEEP:
                assert f"{name}: error: too deeply nested" in completed.stderr or (
                    f"{name}:" in completed.stderr and "nested parentheses" in completed.stderr
                )


# -- trees that change under the linter -------------------------------------------------------------
def test_symlink_loops(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    write(tmp_path, "src/good.py", PRINT_MODEL)
    os.symlink("b.py", tmp_path / "src" / "a.py")
    os.symlink("a.py", tmp_path / "src" / "b.py")
    os.symlink("self.py", tmp_path / "src" / "self.py")
    os.symlink("..", tmp_path / "src" / "up")
    os.symlink(".", tmp_path / "src" / "here")
    status, document = run_json([*SELECT, "src", "src/self.py"])
    assert status == 2
    errors = by_path(document["errors"])
    assert set(errors) == {"src/a.py", "src/b.py", "src/self.py"}
    assert all(len(items) == 1 for items in errors.values())
    assert all(items[0]["message"] == "symbolic link loop" for items in errors.values())
    assert [d["path"] for d in document["diagnostics"]] == ["src/good.py"]


def test_file_deleted_between_discovery_and_reading(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    write(tmp_path, "src/gone.py", PRINT_MODEL)
    write(tmp_path, "src/good.py", PRINT_MODEL)
    real_discover = discovery.discover

    def discover_then_delete(paths, settings):
        found = real_discover(paths, settings)
        os.remove(tmp_path / "src" / "gone.py")
        return found

    monkeypatch.setattr(discovery, "discover", discover_then_delete)
    status, document = run_json([*SELECT, "src"])
    assert status == 2
    assert [(e["path"], e["message"]) for e in document["errors"]] == [
        ("src/gone.py", "no such file")
    ]
    assert [d["path"] for d in document["diagnostics"]] == ["src/good.py"]


def test_file_deleted_between_indexing_and_linting(tmp_path, monkeypatch):
    # Texts are read again when each file is linted (a big tree's are not all held at once).
    from torchlint.lint import run

    write(tmp_path, "gone.py", PRINT_MODEL)
    write(tmp_path, "good.py", PRINT_MODEL)
    real_lint_planned = run._lint_planned

    def delete_then_lint(number):
        (tmp_path / "gone.py").unlink(missing_ok=True)
        return real_lint_planned(number)

    monkeypatch.setattr(run, "_lint_planned", delete_then_lint)
    paths = [str(tmp_path / "gone.py"), str(tmp_path / "good.py")]
    gone, good = lint_files(paths, rules=[PRINT_RULE])
    assert [e.message for e in gone.errors] == ["no such file"] and not gone.diagnostics
    assert [d.code for d in good.diagnostics] == ["TL301"]
    assert good.lines == {
        good.diagnostics[0].line: PRINT_MODEL.splitlines()[good.diagnostics[0].line - 1]
    }


def test_file_deleted_or_replaced_while_fixing_is_not_written(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    write(tmp_path, "gone.py", PRINT_MODEL)
    write(tmp_path, "folder.py", PRINT_MODEL)
    write(tmp_path, "good.py", PRINT_MODEL)
    from torchlint.lint import fix_files

    real_fix_text = fix_files.fix_text

    def fix_then_disturb(path, *args, **kwargs):
        outcome = real_fix_text(path, *args, **kwargs)
        if path.endswith("gone.py"):
            os.remove(path)
        elif path.endswith("folder.py"):
            os.remove(path)
            os.mkdir(path)  # the name is a folder now
        return outcome

    monkeypatch.setattr(fix_files, "fix_text", fix_then_disturb)
    result = run_cli(["fix", *SELECT, "."])
    assert result.exit_code == 2
    assert_no_traceback(result.output)
    assert not (tmp_path / "gone.py").exists()  # not brought back
    assert (tmp_path / "folder.py").is_dir() and not any((tmp_path / "folder.py").iterdir())
    assert "is_compiling" in (tmp_path / "good.py").read_text()
    assert [line.split(":")[0] for line in result.output.splitlines() if ": error:" in line] == [
        "folder.py",
        "gone.py",
    ]
    assert not [p for p in os.listdir(tmp_path) if p.endswith(".torchlint-tmp")]


def test_unreadable_folder_even_as_root(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    write(tmp_path, "src/locked/inner.py", PRINT_MODEL)
    write(tmp_path, "src/good.py", PRINT_MODEL)
    locked = os.path.join("src", "locked")
    real_scandir = os.scandir

    # chmod 000 does not stop root, so the refusal is made where discovery lists a folder.
    def guarded_scandir(path="."):
        if os.path.normpath(str(path)) == locked:
            raise PermissionError(13, "Permission denied", str(path))
        return real_scandir(path)

    monkeypatch.setattr(discovery.os, "scandir", guarded_scandir)
    status, document = run_json([*SELECT, "src"])
    assert status == 2
    [error] = document["errors"]
    assert error["path"] == locked and "cannot read folder" in error["message"]
    assert [d["path"] for d in document["diagnostics"]] == ["src/good.py"]


# -- internal errors ----------------------------------------------------------------------------------
class BrokenVisit(Rule):
    code = "TL990"
    name = "broken-visit"
    message = "never reported"

    def visit_Call(self, node: cst.Call) -> None:
        raise ValueError("boom in visit")


class BrokenLeave(Rule):
    code = "TL991"
    name = "broken-leave"
    message = "never reported"

    def leave_FunctionDef(self, node: cst.FunctionDef) -> None:
        raise KeyError("boom in leave")


class BrokenInit(Rule):
    code = "TL992"
    name = "broken-init"
    message = "never reported"

    def __init__(self, ctx) -> None:
        raise RuntimeError("boom in init")

    def visit_Name(self, node: cst.Name) -> None:
        pass


class BrokenRecursion(Rule):
    code = "TL993"
    name = "broken-recursion"
    message = "never reported"

    def visit_Module(self, node: cst.Module) -> None:
        def down(n: int) -> int:
            return down(n + 1)

        down(0)


BROKEN_RULES = [BrokenVisit, BrokenLeave, BrokenInit, BrokenRecursion]


def test_broken_rules_are_internal_errors_and_the_rest_runs(tmp_path):
    first = write(tmp_path, "first.py", PRINT_MODEL)
    second = write(tmp_path, "second.py", PRINT_MODEL)
    results = lint_files([str(first), str(second)], rules=[*BROKEN_RULES, PRINT_RULE])
    assert len(results) == 2
    for result in results:
        assert [d.code for d in result.diagnostics] == ["TL301"]
        messages = sorted(e.message for e in result.errors)
        assert len(messages) == 4, messages  # one per broken rule, not one per node
        for rule, boom in zip(BROKEN_RULES, ["boom in visit", "boom in leave", "boom in init"]):
            [message] = [m for m in messages if rule.code in m]
            assert "internal error" in message and boom in message and ISSUE_HINT in message
        [deep] = [m for m in messages if "TL993" in m]
        assert "too deeply nested" in deep
    # The error names the line where the rule failed.
    [visit_error] = [e for e in results[0].errors if "TL990" in e.message]
    assert visit_error.line == position_of(PRINT_MODEL, "print(")[0]


def test_failure_outside_the_rules_is_an_internal_error_of_that_file(tmp_path, monkeypatch):
    from torchlint.lint import engine

    real_model = engine.FileModel

    def model_failing_on_first(module, summary, index):
        if summary.path.endswith("first.py"):
            raise AttributeError("boom in the semantic model")
        return real_model(module, summary, index)

    monkeypatch.setattr(engine, "FileModel", model_failing_on_first)
    first = write(tmp_path, "first.py", PRINT_MODEL)
    second = write(tmp_path, "second.py", PRINT_MODEL)
    broken, fine = lint_files([str(first), str(second)], rules=[PRINT_RULE])
    [error] = broken.errors
    assert "internal error" in error.message and "boom in the semantic model" in error.message
    assert ISSUE_HINT in error.message and broken.diagnostics == []
    assert [d.code for d in fine.diagnostics] == ["TL301"] and fine.errors == []


class BrokenFixer(Fixer):
    codes = ("TL301",)
    message = "never applied"

    def fix(self, diagnostic):
        raise ZeroDivisionError("boom in fix")


class BrokenFixerInit(Fixer):
    codes = ("TL301",)
    message = "never applied"

    def __init__(self, ctx, tools=None) -> None:
        raise OSError("boom in fixer init")


@pytest.mark.parametrize("fixer", [BrokenFixer, BrokenFixerInit])
def test_broken_fixer_is_an_internal_error_and_the_finding_stays(monkeypatch, fixer):
    monkeypatch.setattr(fixes, "all_fixers", lambda: (fixer,))
    result = lint_text("model.py", PRINT_MODEL, rules=[PRINT_RULE])
    assert [d.code for d in result.diagnostics] == ["TL301"]
    assert result.diagnostics[0].fix is None
    assert result.errors and all("internal error in fixer" in e.message for e in result.errors)
    outcome = fix_text("model.py", PRINT_MODEL, rules=[PRINT_RULE], unsafe=True)
    assert not outcome.changed


BROKEN_PACK = '''
import libcst as cst

from torchlint.lint.rule import Rule


class Crashes(Rule):
    """Crashes on every call.

    ## What it does
    Nothing useful.

    ## Why is this bad?
    It is a test.

    ## Example
    `f()`

    ## Fix safety
    No fix.
    """

    code = "BRK101"
    name = "always-crashes"
    message = "never reported"

    def visit_Call(self, node: cst.Call) -> None:
        raise RuntimeError("the plugin is broken")
'''


def test_broken_plugin_through_the_cli(tmp_path):
    site = tmp_path / "site"
    site.mkdir()
    (site / "broken_pack.py").write_text(BROKEN_PACK)
    dist_info = site / "broken_pack-0.1.dist-info"
    dist_info.mkdir()
    (dist_info / "METADATA").write_text("Metadata-Version: 2.1\nName: broken-pack\nVersion: 0.1\n")
    (dist_info / "entry_points.txt").write_text("[torchlint.rules]\nbroken = broken_pack\n")
    project = tmp_path / "project"
    write(project, "a.py", PRINT_MODEL)
    write(project, "b.py", PRINT_MODEL)
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(site), env.get("PYTHONPATH")]))
    completed = subprocess.run(
        [
            sys.executable,
            "-m",
            "torchlint",
            "check",
            "--output-format",
            "json",
            "--select",
            "BRK,TL301",
            ".",
        ],
        cwd=project,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert completed.returncode == 2, completed.stderr
    assert "Traceback" not in completed.stderr
    document = json.loads(completed.stdout)
    assert sorted(d["path"] for d in document["diagnostics"]) == ["a.py", "b.py"]
    assert sorted(e["path"] for e in document["errors"]) == ["a.py", "b.py"]
    for error in document["errors"]:
        assert "internal error in rule BRK101" in error["message"]
        assert "the plugin is broken" in error["message"] and "please report" in error["message"]


# -- security: reading code never runs it -----------------------------------------------------------
def marker_project(root: Path, marker: Path) -> list[Path]:
    """A package whose import, or the execution of any of its files, creates ``marker``."""
    payload = f"open({str(marker)!r}, 'w').close()\n"
    model = payload + PRINT_MODEL + "\nimport victim.helpers\n"
    return [
        write(root, "victim/__init__.py", payload),
        write(root, "victim/helpers.py", payload + "def helper(x):\n    return x\n"),
        write(root, "victim/model.py", model),
        write(root, "conftest.py", payload),
        write(root, "setup.py", payload),
    ]


def test_check_and_fix_never_import_or_run_the_code(tmp_path, monkeypatch):
    marker = tmp_path / "MARKER"
    project = tmp_path / "project"
    marker_project(project, marker)
    monkeypatch.chdir(project)
    monkeypatch.syspath_prepend(str(project))  # an import by name would find the package
    status, document = run_json(["."])
    assert status == 1 and "TL301" in [d["code"] for d in document["diagnostics"]]
    assert run_cli(["fix", "--unsafe-fixes", "--diff", "."]).exit_code == 1
    assert run_cli(["fix", "--unsafe-fixes", "."]).exit_code in (0, 1)
    assert "is_compiling" in (project / "victim" / "model.py").read_text()
    assert not marker.exists()
    assert "victim" not in sys.modules


def test_language_server_never_imports_or_runs_the_code(tmp_path):
    pytest.importorskip("pygls")
    from tests.lsp_client import LspSession

    marker = tmp_path / "MARKER"
    project = tmp_path / "project"
    files = marker_project(project, marker)
    model = next(p for p in files if p.name == "model.py")

    async def session() -> list[str]:
        lsp = LspSession(project, {"debounceMs": 10})
        await lsp.start()
        published = await lsp.open(model)
        await lsp.stop()
        return [str(d.code) for d in published.diagnostics]

    codes = asyncio.run(asyncio.wait_for(session(), 120))
    assert "TL301" in codes
    assert not marker.exists()


def test_parse_skips_node_checks_only_while_parsing():
    """The parse builds libcst's nodes without their field checks (the parser's output is well
    formed); nodes built afterwards by rules and fixers are checked again."""
    from torchlint.lint.parser import parse
    from torchlint.lint.source import Source, SourceError

    text = "def f(x):\n    return (x + 1) * 2  # keep\n"
    tree = parse(Source("m.py", text))
    assert tree.code == text
    assert tree.deep_equals(cst.parse_module(text))
    with pytest.raises(cst.CSTValidationError):
        cst.Name("not a name")  # checked again after the parse
    with pytest.raises(SourceError):
        parse(Source("m.py", "def f(:\n"))
    with pytest.raises(cst.CSTValidationError):
        cst.Name("1x")  # also after a parse that failed
