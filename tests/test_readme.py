"""README stays in step with the code: the generated rule list, and the test command CI runs."""

from __future__ import annotations

import re
from pathlib import Path

from torchlint.lint.docgen import (
    BEGIN,
    END,
    builtin_catalogue,
    default_catalogue,
    render_readme,
    rule_rows,
)
from torchlint.lint.registry import all_rules

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")


def test_rule_list_is_up_to_date():
    assert render_readme(README) == README, (
        "README's rule list is out of date: run `python -m torchlint.lint.docgen`"
    )


def test_rule_list_names_every_rule():
    section = README[README.index(BEGIN) : README.index(END)]
    for rule in all_rules():
        assert f"| {rule.code} | `{rule.name}` |" in section
    assert len(rule_rows()) == len(all_rules())


def test_builtin_rule_catalogue_is_up_to_date():
    # What selectors are checked against without importing the rules (lint/builtin_rules.py).
    from torchlint.lint.builtin_rules import BUILTIN_RULE_NAMES

    assert default_catalogue().read_text(encoding="utf-8") == builtin_catalogue(), (
        "lint/builtin_rules.py is out of date: run `python -m torchlint.lint.docgen`"
    )
    assert BUILTIN_RULE_NAMES == {rule.code: rule.name for rule in all_rules()}


def _ci_runs(command: str, ci: str) -> bool:
    """Whether .ci/run runs ``command`` as it is (through its ``run_tests`` wrapper, which only
    turns pytest's "no tests collected" into a failure)."""
    lines = [line.strip() for line in ci.splitlines() if not line.strip().startswith("#")]
    return any(line in (command, f"run_tests {command}") for line in lines)


def test_ci_runs_exactly_the_readme_test_command():
    commands = re.findall(r"^pip install torch==2\.13\.0 && (.+)$", README, flags=re.MULTILINE)
    assert len(commands) == 1, commands
    test_command = commands[0].split(" && ")[-1]
    assert test_command.startswith("python -m pytest")
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert _ci_runs(test_command, ci)
    assert "pip install --quiet torch==2.13.0" in ci


def test_ci_runs_the_readme_lint_only_command_on_other_pythons():
    commands = re.findall(r'^pip install -e "\.\[test\]" && (.+)$', README, flags=re.MULTILINE)
    assert len(commands) == 1, commands
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert _ci_runs(commands[0], ci)
    assert 'pip install --quiet -e ".[test]"' in ci
    for version in ("3.9", "3.10", "3.12", "3.13"):
        assert version in ci


def test_quick_start_lints_the_examples():
    assert "pip install . && torchlint check examples/" in README
    assert (ROOT / "examples").is_dir()
