"""The default selection leaves the opt-in migration family (TL5xx) out, `torchlint migrate`
selects it, and a rule's name is the same selector as its code."""

from __future__ import annotations

import pytest

from torchlint.lint.engine import lint_text
from torchlint.lint.registry import all_rules
from torchlint.lint.settings import OPT_IN, Settings

from .cli_helpers import PRINT_MODEL, codes, run_cli, run_json, write

# TL301 (print-in-graph) in forward, TL501 (jit-script-call) below.
SCRIPTED = PRINT_MODEL + "\n\nscripted = torch.jit.script(Net())\n"


@pytest.fixture
def project(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    write(tmp_path, "model.py", SCRIPTED)
    return tmp_path


def test_default_selection_is_every_rule_but_the_opt_in_families():
    settings = Settings()
    selected = {rule.code for rule in all_rules() if settings.rule_selected(rule.code, rule.name)}
    opt_in = {rule.code for rule in all_rules() if rule.code.startswith(OPT_IN)}
    assert opt_in and all(code.startswith("TL5") for code in opt_in)
    assert selected == {rule.code for rule in all_rules()} - opt_in


def test_default_in_process_run_has_no_migration_findings():
    # lint_text with default settings is what the language server runs.
    result = lint_text("model.py", SCRIPTED, settings=Settings())
    assert [d.code for d in result.diagnostics] == ["TL301"]


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        ([], {"TL301"}),
        (["--select", "TL5"], {"TL501"}),
        (["--select", "jit-script-call"], {"TL501"}),
        (["--extend-select", "TL5"], {"TL301", "TL501"}),
        (["--extend-select", "TL501"], {"TL301", "TL501"}),
        (["--select", "ALL"], {"TL301", "TL501"}),
        (["--select", "TL"], {"TL301", "TL501"}),
        (["--select", "ALL", "--ignore", "TL5"], {"TL301"}),
    ],
)
def test_migration_rules_come_back_when_selected(project, args, expected):
    _, document = run_json(["--no-cache", *args, "model.py"])
    assert set(codes(document)) == expected


@pytest.mark.parametrize(
    ("config", "expected"),
    [
        ('select = ["TL5"]\n', {"TL501"}),
        ('select = ["ALL"]\n', {"TL301", "TL501"}),
        ('extend-select = ["TL5"]\n', {"TL301", "TL501"}),
        ('ignore = ["TL4"]\n', {"TL301"}),
    ],
)
def test_migration_rules_selected_in_the_config_file(project, config, expected):
    write(project, "pyproject.toml", f"[tool.torchlint]\n{config}")
    _, document = run_json(["--no-cache", "model.py"])
    assert set(codes(document)) == expected


def test_migrate_runs_check_with_the_migration_rules(project):
    result = run_cli(["migrate", "--no-cache", "--output-format", "concise", "model.py"])
    assert result.exit_code == 1
    assert "TL501" in result.stdout and "TL301" not in result.stdout
    # check's other options apply.
    clean = run_cli(["migrate", "--no-cache", "--ignore", "TL501", "model.py"])
    assert clean.exit_code == 0, clean.output
    # The same report as check's with TL5 selected.
    json_args = ["--no-cache", "--output-format", "json", "model.py"]
    migrated = run_cli(["migrate", "--extend-select", "TL3", *json_args])
    checked = run_cli(["check", "--select", "TL5,TL3", *json_args])
    assert migrated.exit_code == checked.exit_code == 1
    assert migrated.stdout == checked.stdout
    assert '"TL301"' in migrated.stdout


def test_migrate_has_the_options_of_check_but_select():
    from torchlint.cli import main

    check = {param.name for param in main.commands["check"].params}
    migrate = {param.name for param in main.commands["migrate"].params}
    assert migrate == check - {"select"}
    refused = run_cli(["migrate", "--select", "TL1", "."])
    assert refused.exit_code == 2 and "No such option" in refused.stderr
    assert "--select" in refused.stderr


def test_migrate_fix_applies_migration_fixes_only(project):
    write(project, "final.py", "import torch\n\n\nSIZE: torch.jit.Final[int] = 3\n")
    result = run_cli(["migrate", "--fix", "--no-cache", "final.py"])
    assert result.exit_code in (0, 1), result.output
    assert "torch.jit.Final" not in (project / "final.py").read_text()
    # check --fix with the default selection leaves the migration rules' code alone.
    write(project, "final2.py", "import torch\n\n\nSIZE: torch.jit.Final[int] = 3\n")
    run_cli(["check", "--fix", "--no-cache", "final2.py"])
    assert "torch.jit.Final" in (project / "final2.py").read_text()


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        # A name is as specific as its code: a tie, and the ignore wins either way round.
        (["--select", "print-in-graph", "--ignore", "TL301"], set()),
        (["--select", "TL301", "--ignore", "print-in-graph"], set()),
        # More specific than a prefix, either way round.
        (["--select", "print-in-graph", "--ignore", "TL3"], {"TL301"}),
        (["--select", "TL3", "--ignore", "print-in-graph"], set()),
        (["--select", "TL5,print-in-graph", "--ignore", "TL30"], {"TL301", "TL501"}),
    ],
)
def test_a_rule_name_is_the_same_selector_as_its_code(project, args, expected):
    _, document = run_json(["--no-cache", *args, "model.py"])
    assert set(codes(document)) == expected


def test_a_rule_name_in_the_config_file_is_its_code(project):
    write(
        project,
        "pyproject.toml",
        '[tool.torchlint]\nselect = ["print-in-graph"]\nignore = ["TL301"]\n',
    )
    _, document = run_json(["--no-cache", "model.py"])
    assert codes(document) == []
    write(
        project,
        "pyproject.toml",
        '[tool.torchlint]\nselect = ["TL3"]\n\n[tool.torchlint.per-file-ignores]\n'
        '"model.py" = ["print-in-graph"]\n',
    )
    _, document = run_json(["--no-cache", "model.py"])
    assert codes(document) == []
