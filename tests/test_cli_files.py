"""Which files `torchlint check` lints, and bad input: each unlintable path is one clear line
(and one JSON `errors` entry), exit 2, and every other file is still linted."""

from __future__ import annotations

import builtins
import os
import shutil
import subprocess

import pytest

from .cli_helpers import CLEAN_MODEL, PRINT_MODEL, run_cli, run_json, write

SELECT = ["--select", "TL301"]


def linted_paths(args):
    """Paths `check` read: every file with a finding (each file holds a print in forward)."""
    _, document = run_json([*SELECT, *args])
    return sorted({d["path"] for d in document["diagnostics"]})


@pytest.fixture
def tree(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    for relative in (
        "app/model.py",
        "app/sub/deep.py",
        ".venv/lib/site.py",
        "venv/x.py",
        "build/gen.py",
        "dist/d.py",
        "node_modules/n.py",
        "app/__pycache__/c.py",
        ".tox/t.py",
        ".mypy_cache/m.py",
        "lib/site-packages/s.py",
        ".git/hooks/h.py",
        "legacy/old.py",
        "app/generated_pb2.py",
    ):
        write(tmp_path, relative, PRINT_MODEL)
    write(tmp_path, "app/notes.txt", "print('not python')\n")
    return tmp_path


def test_walk_skips_the_usual_folders(tree):
    assert linted_paths(["."]) == [
        "app/generated_pb2.py",
        "app/model.py",
        "app/sub/deep.py",
        "legacy/old.py",
    ]


def test_exclude_and_extend_exclude(tree):
    assert linted_paths(["--extend-exclude", "legacy,*_pb2.py", "."]) == [
        "app/model.py",
        "app/sub/deep.py",
    ]
    assert linted_paths(["--extend-exclude", "app/sub/*", "."]) == [
        "app/generated_pb2.py",
        "app/model.py",
        "legacy/old.py",
    ]
    # --exclude replaces the default list: build/ is linted again, legacy/ is not.
    paths = linted_paths(["--exclude", "legacy,.venv,.git", "."])
    assert "build/gen.py" in paths and "legacy/old.py" not in paths


def test_exclude_from_config(tree):
    write(tree, "pyproject.toml", '[tool.torchlint]\nextend-exclude = ["app/sub"]\n')
    assert linted_paths(["."]) == ["app/generated_pb2.py", "app/model.py", "legacy/old.py"]


def test_explicit_file_is_always_linted(tree):
    assert linted_paths(["build/gen.py", ".venv/lib/site.py"]) == [
        ".venv/lib/site.py",
        "build/gen.py",
    ]
    assert linted_paths(["--extend-exclude", "legacy", "legacy/old.py"]) == ["legacy/old.py"]


def test_same_file_twice_is_linted_once(tree):
    _, document = run_json([*SELECT, "app/model.py", "app", "./app/model.py"])
    assert [d["path"] for d in document["diagnostics"]].count("app/model.py") == 1


@pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")
def test_gitignore_is_respected(tree):
    subprocess.run(["git", "init", "-q", "."], check=True)
    write(tree, ".gitignore", "legacy/\n*_pb2.py\n")
    write(tree, "app/sub/.gitignore", "deep.py\n")
    assert linted_paths(["."]) == ["app/model.py"]
    assert linted_paths(["--no-respect-gitignore", "."]) == [
        "app/generated_pb2.py",
        "app/model.py",
        "app/sub/deep.py",
        "legacy/old.py",
    ]
    # Named explicitly, an ignored file is linted.
    assert linted_paths(["legacy/old.py"]) == ["legacy/old.py"]
    write(tree, "pyproject.toml", "[tool.torchlint]\nrespect-gitignore = false\n")
    assert "legacy/old.py" in linted_paths(["."])


def test_symlink_loop_and_linked_folder_are_not_followed(tree):
    os.symlink("..", tree / "app" / "loop")
    assert linted_paths(["app"]) == ["app/generated_pb2.py", "app/model.py", "app/sub/deep.py"]


def assert_one_error(document, path, fragment):
    errors = [e for e in document["errors"] if e["path"] == path]
    assert len(errors) == 1, document["errors"]
    assert fragment in errors[0]["message"], errors[0]


BAD_FILES = {
    "syntax.py": ("class Broken(:\n    pass\n", "syntax error"),
    "latin1.py": ("name = 'caf\xe9'\n".encode("latin-1"), "cannot decode as utf-8"),
    "binary.py": (b"\x7fELF\x02\x01\x01\x00\x00\x00", "binary"),
    "cookie.py": (b"# -*- coding: klingon -*-\nx = 1\n", "coding"),
}


@pytest.mark.parametrize("name", sorted(BAD_FILES))
def test_bad_file_is_one_error_and_the_rest_is_linted(tmp_path, monkeypatch, name):
    monkeypatch.chdir(tmp_path)
    content, fragment = BAD_FILES[name]
    write(tmp_path, f"src/{name}", content)
    write(tmp_path, "src/good.py", PRINT_MODEL)
    status, document = run_json([*SELECT, "src"])
    assert status == 2
    assert_one_error(document, f"src/{name}", fragment)
    assert [d["path"] for d in document["diagnostics"]] == ["src/good.py"]
    # Text formats: one line naming the file, no traceback.
    for output_format in ("full", "concise"):
        result = run_cli(["check", *SELECT, "--output-format", output_format, "src"])
        assert result.exit_code == 2
        lines = [line for line in result.output.splitlines() if f"src/{name}" in line]
        assert len(lines) == 1 and ": error: " in lines[0] and fragment in lines[0]
        assert "Traceback" not in result.output
        assert "src/good.py" in result.output


def test_syntax_error_has_a_position(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    write(tmp_path, "bad.py", "import torch\n\nx = (1,\ny = 2\nz = ]\n")
    status, document = run_json(["bad.py"])
    assert status == 2
    [error] = document["errors"]
    assert error["line"] >= 3 and error["column"] >= 1
    result = run_cli(["check", "bad.py"])
    assert f"bad.py:{error['line']}:{error['column']}: error: syntax error" in result.output


def test_missing_path_and_broken_symlink(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    write(tmp_path, "src/good.py", PRINT_MODEL)
    os.symlink("gone.py", tmp_path / "src" / "dangling.py")
    os.symlink("also-gone.py", tmp_path / "explicit_link.py")
    status, document = run_json([*SELECT, "src", "nope.py", "explicit_link.py", "nodir/"])
    assert status == 2
    assert_one_error(document, "src/dangling.py", "broken symbolic link")
    assert_one_error(document, "explicit_link.py", "broken symbolic link")
    assert_one_error(document, "nope.py", "no such file")
    assert_one_error(document, "nodir", "no such file")
    assert [d["path"] for d in document["diagnostics"]] == ["src/good.py"]


def test_unreadable_file(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    write(tmp_path, "src/secret.py", CLEAN_MODEL)
    write(tmp_path, "src/good.py", PRINT_MODEL)
    secret = str(tmp_path / "src" / "secret.py")
    real_open = builtins.open

    # chmod 000 does not stop root (CI runs as root), so the refusal is simulated at open().
    def guarded_open(file, *args, **kwargs):
        if os.path.abspath(str(file)) == secret:
            raise PermissionError(13, "Permission denied", str(file))
        return real_open(file, *args, **kwargs)

    monkeypatch.setattr(builtins, "open", guarded_open)
    status, document = run_json([*SELECT, "src"])
    assert status == 2
    assert_one_error(document, "src/secret.py", "permission denied")
    assert [d["path"] for d in document["diagnostics"]] == ["src/good.py"]


@pytest.mark.skipif(os.geteuid() == 0, reason="root reads any folder")
def test_unreadable_folder(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    write(tmp_path, "src/locked/inner.py", PRINT_MODEL)
    write(tmp_path, "src/good.py", PRINT_MODEL)
    (tmp_path / "src" / "locked").chmod(0)
    try:
        status, document = run_json([*SELECT, "src"])
    finally:
        (tmp_path / "src" / "locked").chmod(0o755)
    assert status == 2
    assert_one_error(document, "src/locked", "cannot read folder")
    assert [d["path"] for d in document["diagnostics"]] == ["src/good.py"]
