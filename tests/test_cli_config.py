"""Configuration through the real CLI: pyproject.toml, torchlint.toml, --config, --isolated,
per-file-ignores, and clear errors for unknown keys and bad values."""

from __future__ import annotations

import pytest

from .cli_helpers import PRINT_MODEL, codes, run_cli, run_json, write

SCRIPTED = "import torch\nfrom torch import nn\n\nmodel = torch.jit.script(nn.Linear(2, 2))\n"


@pytest.fixture
def project(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    write(tmp_path, "src/model.py", PRINT_MODEL)
    write(tmp_path, "src/driver.py", SCRIPTED)
    return tmp_path


def test_pyproject_settings_apply(project):
    write(
        project,
        "pyproject.toml",
        '[project]\nname = "x"\n\n[tool.torchlint]\nselect = ["TL3", "TL5"]\nignore = ["TL301"]\n',
    )
    status, document = run_json(["src"])
    assert status == 1
    assert set(codes(document)) == {"TL501"}
    # The command line overrides the file: --select replaces it, --ignore adds.
    _, document = run_json(["--select", "TL301", "src"])
    assert set(codes(document)) == {"TL301"}


def test_config_found_from_a_subfolder_path(project):
    write(project, "pyproject.toml", '[tool.torchlint]\nselect = ["TL301"]\n')
    (project / "elsewhere").mkdir()
    status, document = run_json([str(project / "src" / "model.py")])
    assert set(codes(document)) == {"TL301"}


def test_torchlint_toml_wins_over_pyproject_in_the_same_folder(project):
    write(project, "pyproject.toml", '[tool.torchlint]\nselect = ["TL301"]\n')
    write(project, "torchlint.toml", 'select = ["TL501"]\n')
    _, document = run_json(["src"])
    assert set(codes(document)) == {"TL501"}


def test_pyproject_without_our_table_is_passed_over(project):
    write(project, "torchlint.toml", 'select = ["TL501"]\n')
    write(project, "src/pyproject.toml", "[tool.ruff]\nline-length = 100\n")
    _, document = run_json(["src"])
    assert set(codes(document)) == {"TL501"}


def test_config_option_and_isolated(project):
    write(project, "pyproject.toml", '[tool.torchlint]\nselect = ["TL501"]\n')
    write(project, "other.toml", 'select = ["TL301"]\n')
    _, document = run_json(["--config", "other.toml", "src"])
    assert set(codes(document)) == {"TL301"}
    _, document = run_json(["--isolated", "--select", "TL301,TL501", "src"])
    assert set(codes(document)) == {"TL301", "TL501"}
    # --isolated also ignores a broken config file.
    write(project, "pyproject.toml", "[tool.torchlint]\nselect = 3\n")
    status, _ = run_json(["--isolated", "--select", "TL301", "src"])
    assert status == 1


def test_targets_in_config(project):
    write(
        project,
        "pyproject.toml",
        '[tool.torchlint]\ntargets = ["script"]\nselect = ["TL301", "TL501"]\n',
    )
    _, document = run_json(["src"])
    # TL301 breaks compile only; TL501 is a migration finding and always kept.
    assert set(codes(document)) == {"TL501"}


def test_per_file_ignores(project):
    write(
        project,
        "pyproject.toml",
        '[tool.torchlint]\nselect = ["TL301", "TL501"]\n\n[tool.torchlint.per-file-ignores]\n"src/model.py" = ["TL3"]\n"driver.py" = ["jit-script-call"]\n',
    )
    write(project, "tests/model.py", PRINT_MODEL)
    _, document = run_json(["."])
    found = {(d["path"], d["code"]) for d in document["diagnostics"]}
    assert found == {("tests/model.py", "TL301")}


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        (
            '[tool.torchlint]\nselec = ["TL1"]\n',
            "unknown key `tool.torchlint.selec`; did you mean `tool.torchlint.select`?",
        ),
        ("[tool.torchlint]\nselect = 3\n", "`tool.torchlint.select` must be a list of strings"),
        (
            '[tool.torchlint]\ntargets = ["jit"]\n',
            "`tool.torchlint.targets` has unknown back-end 'jit'",
        ),
        ('[tool.torchlint]\nignore = ["TL9"]\n', "`tool.torchlint.ignore`: 'TL9' matches no rule"),
        (
            '[tool.torchlint]\nrespect-gitignore = "yes"\n',
            "`tool.torchlint.respect-gitignore` must be true or false",
        ),
        (
            "[tool.torchlint]\nper-file-ignores = 1\n",
            "`tool.torchlint.per-file-ignores` must be a table",
        ),
        (
            '[tool.torchlint.per-file-ignores]\n"a.py" = ["nope-rule"]\n',
            "`tool.torchlint.per-file-ignores.a.py`: 'nope-rule' matches no rule",
        ),
        ("[tool.torchlint]\nselect = [\n", "invalid TOML"),
    ],
)
def test_bad_config_names_key_and_file(project, content, expected):
    write(project, "pyproject.toml", content)
    result = run_cli(["check", "src"])
    assert result.exit_code == 2
    message = result.stderr.strip()
    assert len(message.splitlines()) == 1, message
    assert str(project / "pyproject.toml") in message
    assert expected in message
    assert "Traceback" not in result.output


def test_bad_torchlint_toml_key_has_no_tool_prefix(project):
    write(project, "torchlint.toml", "exclud = []\n")
    result = run_cli(["check", "src"])
    assert result.exit_code == 2
    assert "unknown key `exclud`; did you mean `exclude`?" in result.stderr


def test_missing_config_file_is_a_usage_error(project):
    result = run_cli(["check", "--config", "nope.toml", "src"])
    assert result.exit_code == 2
    assert "nope.toml" in result.stderr
