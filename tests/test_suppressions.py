"""Inline suppressions and TL001 unused-suppression, through the engine and the CLI."""

from __future__ import annotations

import pytest

from torchlint.lint.engine import lint_text
from torchlint.lint.registry import all_rules
from torchlint.lint.run import lint_files
from torchlint.lint.settings import Settings
from torchlint.lint.suppressions import parse_directives

from .cli_helpers import PRINT_MODEL, run_json, write

PRINT_LINE = '        print("x", x.shape)'


def with_comment(comment: str) -> str:
    return PRINT_MODEL.replace(PRINT_LINE, f"{PRINT_LINE}  {comment}")


def found(text: str, select: tuple[str, ...] = ("TL301", "TL001")) -> list[tuple[str, int]]:
    result = lint_text("model.py", text, settings=Settings(select=select))
    assert not result.errors, result.errors
    return [(d.code, d.line) for d in result.diagnostics]


PRINT_AT = PRINT_MODEL.splitlines().index(PRINT_LINE) + 1


@pytest.mark.parametrize(
    "comment",
    [
        "# noqa",
        "# NOQA",
        "# noqa: TL301",
        "# noqa:TL301",
        "# noqa: TL3",
        "# noqa: E501, TL301",
        "# noqa: TL301 because the debug output is wanted",
        "# torchlint: ignore",
        "# torchlint: ignore[TL301]",
        "# torchlint: ignore[TL1, TL3]",
        "# type: ignore  # noqa: TL301",
    ],
)
def test_suppressed(comment):
    assert found(with_comment(comment)) == []


@pytest.mark.parametrize(
    "comment",
    [
        "# noqa: TL101",
        "# torchlint: ignore[TL302]",
        "# noqa: E501",
        "# noqa: tl301",
        "# noqanything",
    ],
)
def test_not_suppressed(comment):
    assert ("TL301", PRINT_AT) in found(with_comment(comment))


def test_directive_inside_a_string_is_not_a_directive():
    text = PRINT_MODEL.replace(PRINT_LINE, '        print("# noqa")')
    assert found(text) == [("TL301", PRINT_AT)]


def test_directive_covers_only_its_line():
    text = PRINT_MODEL.replace(PRINT_LINE, f"{PRINT_LINE}\n{PRINT_LINE}  # noqa: TL301")
    assert found(text) == [("TL301", PRINT_AT)]


@pytest.mark.parametrize(
    ("header", "suppressed"),
    [
        ("# torchlint: ignore-file", True),
        ("# torchlint: ignore-file[TL3]", True),
        ("# torchlint: ignore-file[TL1]", False),
    ],
)
def test_ignore_file(header, suppressed):
    result = found(f"{header}\n{PRINT_MODEL}", select=("TL301",))
    assert (result == []) is suppressed


def test_unused_suppressions_are_reported():
    text = PRINT_MODEL.replace(
        "        return x.relu()",
        "        return x.relu()  # noqa: TL301, TL999, E501\n    # torchlint: ignore\n    # noqa",
    )
    result = lint_text("model.py", text, settings=Settings(select=("TL301", "TL001")))
    unused = [d for d in result.diagnostics if d.code == "TL001"]
    lines = text.splitlines()
    assert [d.line for d in unused] == [
        lines.index("        return x.relu()  # noqa: TL301, TL999, E501") + 1,
        lines.index("    # torchlint: ignore") + 1,
    ]
    first = unused[0]
    assert (
        "TL301 reported nothing" in first.message
        and "TL999 is not a known rule code" in first.message
    )
    assert "E501" not in first.message.split("`")[-1]  # another tool's code is not judged
    assert first.targets == () and first.severity == "warning"
    comment_column = lines[first.line - 1].index("# noqa") + 1
    assert first.column == comment_column


def test_used_suppression_is_not_reported_and_tl001_can_be_silenced():
    assert found(with_comment("# noqa: TL301")) == []
    text = with_comment("# noqa: TL301, TL302, TL001")
    assert found(text) == []


def test_codes_of_rules_that_did_not_run_are_not_judged():
    # TL301 is not selected: its noqa cannot be judged unused.
    assert found(with_comment("# noqa: TL301"), select=("TL001",)) == []


def test_target_selection_does_not_make_a_suppression_unused():
    settings = Settings(select=("TL301", "TL001"), targets=("script",), targets_explicit=True)
    result = lint_text("model.py", with_comment("# noqa: TL301"), settings=settings)
    assert result.diagnostics == []


def test_parse_directives_positions():
    [directive] = parse_directives("x = 1  # torchlint: ignore[TL101, TL2]\n")
    assert (directive.line, directive.column) == (1, 8)
    assert directive.codes == ("TL101", "TL2") and directive.kind == "ignore"


def test_suppression_through_the_cli(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    write(tmp_path, "a.py", with_comment("# noqa: TL301"))
    write(tmp_path, "b.py", with_comment("# torchlint: ignore[TL101]"))
    status, document = run_json(["--select", "TL301,TL001", "."])
    assert status == 1
    assert [(d["path"], d["code"]) for d in document["diagnostics"]] == [("b.py", "TL301")]


def test_a_file_without_torch_is_judged_for_suppressions_without_a_parse(tmp_path, parsed):
    # No torch import and no graph code: no rule walks it, so libcst never parses it (a third
    # of transformers: configurations, tokenizers); its stale suppressions are still reported.
    plain = write(tmp_path, "config_utils.py", "SIZE = 4  # noqa: TL999\n")  # no such rule
    model = write(tmp_path, "model.py", PRINT_MODEL)
    plain_result, model_result = lint_files([str(plain), str(model)])
    assert parsed == [str(model)]
    assert [(d.code, d.line) for d in plain_result.diagnostics] == [("TL001", 1)]
    assert plain_result.lines == {1: "SIZE = 4  # noqa: TL999"}  # for the code frame
    assert "TL301" in [d.code for d in model_result.diagnostics]


HELPER_WITHOUT_GRAPH_CODE = """\
import torch


def make(n):
    return torch.zeros(n).sum() > 0  # noqa: TL101
"""


@pytest.mark.parametrize("without, parsed_expected", [((), True), (("TL4",), False)])
def test_graph_rules_skip_a_file_without_graph_code(tmp_path, parsed, without, parsed_expected):
    # Graph-only rules report nothing outside graph code: a file without any is walked only
    # by driver-code rules (TL4xx), and with none of those installed it is not parsed at all
    # (a run analyses every installed rule, whatever it selects: ``--ignore TL4`` would not
    # do). The graph rules still count as run, so a suppression of theirs is judged unused.
    helper = write(tmp_path, "helpers.py", HELPER_WITHOUT_GRAPH_CODE)
    rules = [r for r in all_rules() if not r.code.startswith(without)]
    [result] = lint_files([str(helper)], rules=rules)
    assert parsed == ([str(helper)] if parsed_expected else [])
    assert [(d.code, d.line) for d in result.diagnostics] == [("TL001", 5)]


TOKENIZED_IN_PART = '''\
# NoQA: TL301
import os  # noqa: F401

HELP = """
usage:  # noqa: TL101 is text here, not a directive
"""


@decorated(
    "# torchlint: ignore[TL999] also text"
)
def f(x):
    return x  # torchlint: ignore[TL102]


x = 1
'''


def test_directives_found_from_part_of_a_file_are_those_of_the_whole():
    # With the summary's top-level statement lines, only the statements around lines that
    # name a directive are tokenized; a string spanning lines must not become a comment.
    from torchlint.lint.semantic.summary import summarize

    top_lines = summarize(TOKENIZED_IN_PART, "m", "m.py").top_lines
    directives = parse_directives(TOKENIZED_IN_PART, top_lines)
    assert directives == parse_directives(TOKENIZED_IN_PART)
    assert [(d.line, d.kind, d.codes) for d in directives] == [
        (1, "noqa", ("TL301",)),
        (2, "noqa", ("F401",)),
        (13, "ignore", ("TL102",)),
    ]
    later = TOKENIZED_IN_PART.replace("x = 1", '"""\n# noqa: TL999 in a string\n"""')
    assert parse_directives(later, summarize(later, "m", "m.py").top_lines)[-1].line == 13


# -- TL002 invalid-suppression --------------------------------------------------------------
@pytest.mark.parametrize(
    ("comment", "suppressed", "problem"),
    [
        ("# NOQA: tl301", False, "codes are upper case (`TL301`)"),
        ("# noqa: print-in-graph", False, "a suppression takes the code: `TL301`"),
        ("# noqa:TL30", False, "`TL30` is neither a rule code"),
        ("# noqa:", False, "names no code"),
        ("# noqa TL301", True, "lacks a colon, so it suppresses every finding"),
        ("# noqa: E501, tl301", False, "codes are upper case"),
        ("# noqa: TL301, tl302", True, "`tl302`: codes are upper case"),
        ("# torchlint: ignore[tl301]", False, "codes are upper case"),
        ("# torchlint: ignore[print-in-graph]", False, "a rule name"),
        ("# torchlint: ignore[]", False, "names no code"),
        ("# torchlint: ignore[TL301", False, "lacks its closing `]`"),
        ("# torchlint: disable", False, "unknown directive `# torchlint: disable`"),
        ("# torchlint: ignored", False, "unknown directive"),
    ],
)
def test_invalid_suppressions_are_reported(comment, suppressed, problem):
    text = with_comment(comment)
    result = lint_text("model.py", text, settings=Settings(select=("TL301", "TL002")))
    assert not result.errors, result.errors
    by_code = {d.code: d for d in result.diagnostics}
    assert ("TL301" not in by_code) is suppressed
    invalid = by_code["TL002"]
    assert (invalid.line, invalid.severity, invalid.targets) == (PRINT_AT, "warning", ())
    assert invalid.column == text.splitlines()[PRINT_AT - 1].index("#") + 1
    assert problem in invalid.message, invalid.message


@pytest.mark.parametrize(
    "comment",
    [
        "# noqa",
        "# noqa: TL301",
        "# noqa:TL3",
        "# noqa: TL",
        "# noqa: E501, TL301 because the debug output is wanted",
        "# noqa: TL301: prints on purpose",
        "# noqa is there for another linter",
        "# torchlint: ignore[TL301, TL1]",
        "# torchlint: ignore [TL301]",
    ],
)
def test_valid_suppressions_are_not_reported_as_invalid(comment):
    assert found(with_comment(comment), select=("TL301", "TL002")) == []


@pytest.mark.parametrize("comment", ["# noqa: set_linter", "# noqa: F401, isort:skip", "# noqa: Q"])
def test_other_tools_words_in_a_noqa_list_are_theirs(comment):
    # torch's own linters put `set_linter` in noqa lists: not a torchlint code, not reported.
    assert found(with_comment(comment), select=("TL301", "TL002")) == [("TL301", PRINT_AT)]


def test_invalid_suppression_appears_in_every_output_and_can_be_silenced(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    write(tmp_path, "a.py", with_comment("# noqa: print-in-graph"))
    # A file without torch is not parsed: its comments are still read.
    write(tmp_path, "b.py", "SIZE = 4  # noqa: tl999\n")
    write(tmp_path, "c.py", with_comment("# noqa: print-in-graph, TL002, TL301"))
    status, document = run_json(["--no-cache", "."])
    assert status == 1
    found_codes = [(d["path"], d["code"], d["line"]) for d in document["diagnostics"]]
    assert found_codes == [
        ("a.py", "TL301", PRINT_AT),
        ("a.py", "TL002", PRINT_AT),
        ("b.py", "TL002", 1),
    ]
    from .cli_helpers import run_cli

    sarif = run_cli(["check", "--no-cache", "--output-format", "sarif", "b.py"])
    assert '"ruleId": "TL002"' in sarif.stdout
    github = run_cli(["check", "--no-cache", "--output-format", "github", "b.py"])
    assert "file=b.py,line=1" in github.stdout and "TL002" in github.stdout


# -- TL001's fix ----------------------------------------------------------------------------
RELU_LINE = "        return x.relu()"


@pytest.mark.parametrize(
    ("line", "fixed"),
    [
        (f"{RELU_LINE}  # noqa: TL301", RELU_LINE),
        (f"{RELU_LINE}  # noqa: TL301, E501", f"{RELU_LINE}  # noqa: E501"),
        (f"{RELU_LINE}  # noqa: E501 TL301 F401", f"{RELU_LINE}  # noqa: E501, F401"),
        (f"{RELU_LINE}  # noqa: TL301 because it prints", RELU_LINE),
        (f"{RELU_LINE}  # type: ignore  # noqa: TL301", f"{RELU_LINE}  # type: ignore"),
        (f"{RELU_LINE}  # noqa: TL301  # type: ignore", f"{RELU_LINE}  # type: ignore"),
        (f"{RELU_LINE}  # torchlint: ignore[TL301, TL999]", RELU_LINE),
        (f"{RELU_LINE}  # torchlint: ignore[TL1, TL301]", f"{RELU_LINE}  # torchlint: ignore[TL1]"),
        (f"{RELU_LINE}  # torchlint: ignore", RELU_LINE),
        (f"    # noqa: TL301\n{RELU_LINE}", RELU_LINE),
        (f"{PRINT_LINE}  # noqa: TL301, TL999", f"{PRINT_LINE}  # noqa: TL301"),
        (f"{RELU_LINE}  # noqa: tl301, TL999", f"{RELU_LINE}  # noqa: tl301"),
    ],
)
def test_unused_suppression_fix(line, fixed):
    from torchlint.lint.fixes import fix_text

    settings = Settings(select=("TL301", "TL001"))
    before = PRINT_MODEL.replace(f"{PRINT_LINE}\n", "").replace(RELU_LINE, line)
    expected = PRINT_MODEL.replace(f"{PRINT_LINE}\n", "").replace(RELU_LINE, fixed)
    [unused] = [d for d in lint_text("m.py", before, settings=settings).diagnostics]
    assert unused.code == "TL001" and unused.fix is not None
    assert unused.fix.applicability == "safe"
    outcome = fix_text("m.py", before, settings)
    assert outcome.text == expected
    again = fix_text("m.py", outcome.text, settings)
    assert again.text == outcome.text and not again.result.diagnostics


@pytest.mark.parametrize("ending", ["\n", "\r\n", ""])
def test_unused_suppression_fix_removes_a_comment_line_whatever_its_end(ending):
    from torchlint.lint.fixes import fix_text

    text = f"import os\n\nx = os.sep\n# torchlint: ignore[TL999]{ending}"
    outcome = fix_text("m.py", text, Settings(select=("TL001",)))
    assert outcome.text == "import os\n\nx = os.sep\n"


def _tl001_examples():
    from torchlint.lint.registry import rule_by_code_or_name

    rule = rule_by_code_or_name("TL001")
    assert rule is not None
    return [
        pytest.param(case, id=f"TL001-invalid-{number}")
        for number, case in enumerate(rule.INVALID)
        if case.fixed is not None
    ]


@pytest.mark.parametrize("case", _tl001_examples())
def test_tl001_examples_are_fixed_as_documented(case):
    # What tests/test_fixers.py does for every fixer, for this rule, whose findings carry
    # their fix: the fixed text, compiling, and a second run changing nothing.
    from torchlint.lint.fixes import compiles, fix_text
    from torchlint.lint.rule import normalized

    settings = Settings(select=("TL001",))
    once = fix_text(case.filename, case.source, settings)
    assert once.text == normalized(case.fixed)
    assert compiles(once.text, case.filename) is None
    assert fix_text(case.filename, once.text, settings).text == once.text


def test_unused_suppression_fix_through_the_cli(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    path = write(tmp_path, "m.py", "import os\n\nx = os.sep  # noqa: TL999, E501\n")
    status, document = run_json(["--no-cache", "m.py"])
    assert status == 1
    [finding] = document["diagnostics"]
    assert finding["code"] == "TL001"
    assert finding["fix"]["applicability"] == "safe"
    from .cli_helpers import run_cli

    result = run_cli(["fix", "m.py"])
    assert result.exit_code == 0, result.output
    assert path.read_text() == "import os\n\nx = os.sep  # noqa: E501\n"
