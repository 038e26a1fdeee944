"""The performance rules' checks of a file's text (``may_report``), and what they save: a file
none of them can report in is not parsed, and the driver model is not collected for kinds."""

from __future__ import annotations

import pytest

from torchlint.lint.run import lint_files
from torchlint.lint.text_checks import mentions, mentions_attribute, starts_statement


@pytest.mark.parametrize(
    "text, expected",
    [
        ("for x in xs:\n    pass\n", True),
        ("def f():\n    while True:\n        pass\n", True),
        ("async def f():\n\tasync for x in xs:\n\t\tpass\n", True),
        ("x = 1\r    for y in z: pass\r", True),  # old Mac line ends
        ("ys = [y for y in xs]\n", False),  # a comprehension is no loop statement
        ("# for each batch\nx = 1\n", False),
        ("before = 1\n", False),
    ],
)
def test_starts_statement_finds_loop_statements(text: str, expected: bool) -> None:
    assert starts_statement(text, "for", "while") is expected


@pytest.mark.parametrize(
    "text, expected",
    [
        ("x.to(device)", True),
        ("x . to(device)", True),
        ("x.\\\n    to(device)", True),
        ("(x.  # moved\n    to(device))", True),
        ("x.tolist()", False),
        ("move_to(device)", False),
        ("to(device)", False),
    ],
)
def test_mentions_attribute_allows_what_python_allows_after_the_dot(
    text: str, expected: bool
) -> None:
    assert mentions_attribute(text, "to", "cuda") is expected


def test_mentions_wants_whole_words() -> None:
    assert mentions("with torch.no_grad():", "no_grad")
    assert mentions("from torch import no_grad as ng", "no_grad")
    assert not mentions("torch._C._no_grad_hook", "no_grad")


HELPER = """\
import torch


def make(n):
    return torch.zeros(n) + 1
"""

HELPER_WITH_LOOP = """\
import torch


def make(n):
    out = []
    for i in range(n):
        out.append(torch.zeros(i))
    return out
"""


def test_a_helper_no_performance_rule_can_report_in_is_not_parsed(tmp_path, parsed) -> None:
    plain = tmp_path / "helpers.py"
    plain.write_text(HELPER)
    looping = tmp_path / "loops.py"
    looping.write_text(HELPER_WITH_LOOP)
    lint_files([str(plain), str(looping)], cache_dir=str(tmp_path / "cache"))
    assert parsed == [str(looping)]


LOOP_OVER_TENSOR = """\
import torch


def total(x: torch.Tensor):
    out = 0
    for row in x:
        out = out + row
    return out
"""


def test_kinds_in_driver_code_do_not_collect_the_driver_model(tmp_path, driver_collections) -> None:
    # TL402 asks the kind of `x` in driver code; no driver rule can report here (no model
    # mode call, no autograd switch, no device move), so no call sites are collected.
    path = tmp_path / "totals.py"
    path.write_text(LOOP_OVER_TENSOR)
    [result] = lint_files([str(path)], cache_dir=str(tmp_path / "cache"))
    assert [d.code for d in result.diagnostics] == ["TL402"]
    assert driver_collections == []


def test_defined_names_and_words_containing() -> None:
    from torchlint.lint.text_checks import defined_names, words_containing

    text = "def evaluate(m):\n    pass\nasync def \\\n  serve(): pass\nundefined = 1\n"
    assert list(defined_names(text)) == ["evaluate", "serve"]
    text = "for x in Val_Loader: pass  # İ widens when lowered\nfor y in test_dl: pass\n"
    assert sorted(words_containing(text, ("loader", "dl"))) == ["Val_Loader", "test_dl"]


def test_every_torchscript_api_rule_names_jit_apis() -> None:
    # JitApiRule.may_report wants the word `jit` in the text: true only while every API it
    # reports lives under `torch.jit`.
    from torchlint.lint.registry import all_rules
    from torchlint.rules._jit_api import JitApiRule

    api_rules = [rule for rule in all_rules() if issubclass(rule, JitApiRule)]
    assert api_rules
    for rule in api_rules:
        assert all("jit" in api.split(".") for api in rule.apis), rule.code


@pytest.mark.parametrize(
    "text, walked",
    [
        ("import torch\n\n\n@torch.jit.ignore\ndef f(x):\n    return x\n", True),
        ("from torch.jit import ignore as skip\n\n\n@skip\ndef f(x):\n    return x\n", True),
        ("import torch  # type: ignore\n\nx = torch.jit.is_scripting()\n", False),
    ],
)
def test_torchscript_api_rules_look_for_the_api_not_the_word(text: str, walked: bool) -> None:
    from torchlint.lint.semantic.summary import summarize
    from torchlint.rules.tl504_jit_ignore import JitIgnore

    assert JitIgnore.may_report(text, summarize(text, "m", "m.py")) is walked


def test_mentions_name_skips_attributes() -> None:
    from torchlint.lint.text_checks import mentions_name

    assert mentions_name("total = sum(xs)", "sum")
    assert mentions_name("sum", "sum")
    assert not mentions_name("total = x.sum() + y. sum()", "sum")


def test_names_api_finds_attributes_and_imported_aliases() -> None:
    from torchlint.lint.semantic.summary import summarize
    from torchlint.lint.text_checks import names_api

    def check(text: str) -> bool:
        return names_api(text, summarize(text, "m", "m.py"), ("torch.tensor",))

    assert check("import torch\nx = torch.tensor([1])\n")
    assert check("from torch import tensor as T\nx = T([1])\n")
    assert not check("import torch\n# a tensor of ones\nx = torch.ones(3)\n")
