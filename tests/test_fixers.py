"""Every fixer: before/after text, idempotence on every rule's INVALID examples, and torch's
word that the fixed code runs under the back-ends the finding named, equal to eager."""

from __future__ import annotations

import textwrap

import pytest

from torchlint.lint.engine import lint_text
from torchlint.lint.fixes import compiles, fix_text, fixers_by_code
from torchlint.lint.registry import all_rules
from torchlint.lint.rule import normalized
from torchlint.lint.settings import Settings

from .conftest import requires_torch, skip_syntax_this_python_lacks
from .fix_helpers import GRAD_GUARD

FIXABLE = [rule for rule in all_rules() if rule.code in fixers_by_code()]


def _settings(rule) -> Settings:
    return Settings(select=(rule.code,), targets_explicit="script" in rule.targets)


def _fix_case(rule, source: str, unsafe: bool = True):
    return fix_text("example.py", source, _settings(rule), unsafe=unsafe, rules=[rule])


def _invalid_cases():
    for rule in FIXABLE:
        for number, case in enumerate(rule.INVALID):
            yield pytest.param(rule, case, id=f"{rule.code}-invalid-{number}")


@pytest.mark.parametrize(("rule", "case"), list(_invalid_cases()))
def test_fix_of_invalid_example_compiles_and_is_idempotent(rule, case):
    skip_syntax_this_python_lacks(case.source)
    once = _fix_case(rule, case.source)
    assert compiles(once.text, "example.py") is None
    assert not once.dropped, once.dropped
    twice = _fix_case(rule, once.text)
    assert twice.text == once.text, f"second fix changed:\n{once.text}\n---\n{twice.text}"
    if case.fixed is not None:
        assert once.text == normalized(case.fixed)


def _codes(source: str, rule) -> set[str]:
    """Every code any rule reports on ``source`` (all rules, under the settings of ``rule``)."""
    settings = Settings(select=("TL",), targets_explicit="script" in rule.targets)
    return {d.code for d in lint_text("example.py", source, settings).diagnostics}


@pytest.mark.parametrize(("rule", "case"), list(_invalid_cases()))
@pytest.mark.parametrize("unsafe", [False, True], ids=["safe", "unsafe"])
def test_fix_brings_no_new_finding(rule, case, unsafe):
    skip_syntax_this_python_lacks(case.source)
    # A fix that trades its finding for another (jit.ignore -> disable brought TL312) repairs
    # nothing: no code may appear in the fixed text that the original did not have. The one
    # exception: a repair for scripted code may use TorchScript's own API, guarding with
    # `torch.jit.is_scripting()` (TL505), compiling a dataclass with `@torch.jit.script`
    # (TL501), leaving a query Python with `@torch.jit.ignore` (TL504) or typing an empty list
    # in a comprehension with `torch.jit.annotate` (TL507), which the opt-in
    # migration rules note; with them selected, the fix run drops
    # such a fix itself (test_fix_machinery, tests/test_script_session25.py), so no user sees
    # the new note.
    # Likewise an unsafe compile / export repair may write `torch.cond` or `torch.while_loop`
    # (fixers/repair_session30.py), which TL320 notes in traced code: with TL320 selected (the
    # default) and trace a target, the fix run drops such a fix (tests/test_s30_repair.py).
    fixed = _fix_case(rule, case.source, unsafe=unsafe)
    new = _codes(fixed.text, rule) - _codes(normalized(case.source), rule)
    if "script" in rule.targets:
        new -= {"TL501", "TL504", "TL505", "TL507"}
    if unsafe:
        new -= {"TL320"}
    assert not new, f"{rule.code} fix brought {sorted(new)}:\n{fixed.text}"


def test_a_script_guard_is_dropped_where_the_migration_rule_is_selected():
    source = normalized(
        """
        import torch
        from torch import nn

        class Model(nn.Module):
            def forward(self, x):
                print(x.size(0), end="")
                return x * 2

        def inputs():
            return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
        """
    )
    plain = Settings(select=("TL209",), targets=("script",), targets_explicit=True)
    guarded = fix_text("example.py", source, plain, unsafe=True).text
    assert "torch.jit.is_scripting()" in guarded
    migrating = Settings(select=("TL209", "TL505"), targets=("script",), targets_explicit=True)
    assert "is_scripting" not in fix_text("example.py", source, migrating, unsafe=True).text


@requires_torch
@pytest.mark.torch
@pytest.mark.parametrize(
    ("rule", "case"),
    [
        p
        for p in _invalid_cases()
        if p.values[1].runtime and (p.values[1].backends or p.values[0].targets)
    ],
)
def test_torch_accepts_fixed_invalid_example(rule, case):
    from .oracle import check

    skip_syntax_this_python_lacks(case.source)
    fixed = _fix_case(rule, case.source)
    if not fixed.changed:
        pytest.skip(f"{rule.code}: no fix applies to this example")
    if GRAD_GUARD in fixed.text and GRAD_GUARD not in case.source:
        pytest.skip(f"{rule.code}: the fix repairs inference only")
    # A back-end the rule still names after the fix is still reported (TL111's registration
    # answers export, not trace); every other one must pass.
    after = lint_text("example.py", fixed.text, _settings(rule)).diagnostics
    still_named = {t for d in after if d.code == rule.code for t in d.targets}
    repaired = [b for b in case.backends or rule.targets if b not in still_named]
    assert repaired, f"{rule.code} fix leaves every back-end named:\n{fixed.text}"
    for backend in repaired:
        verdict = check(fixed.text, backend)
        assert verdict.ok, f"{rule.code} fix still fails on {verdict}:\n{fixed.text}"


# -- before / after, per fixer -----------------------------------------------------------------
def _fix(code: str, select: str, *, unsafe: bool = False, targets_explicit: bool = False) -> str:
    settings = Settings(select=(select,), targets_explicit=targets_explicit)
    return fix_text("example.py", textwrap.dedent(code), settings, unsafe=unsafe).text


def _found(code: str, select: str, *, targets_explicit: bool = False) -> int:
    settings = Settings(select=(select,), targets_explicit=targets_explicit)
    return len(lint_text("example.py", textwrap.dedent(code), settings).diagnostics)


NET = """\
import torch
from torch import nn


class Net(nn.Module):
    def forward(self, x):
{body}
"""


def _net(body: str) -> str:
    return NET.format(body=textwrap.indent(textwrap.dedent(body), " " * 8))


def test_print_is_guarded_safely_and_removed_only_when_unsafe():
    before = _net('y = x + 1; print(y)\nprint("shape", y.shape)\nreturn y\n')
    safe = _fix(before, "TL301")
    assert safe == _net(
        "y = x + 1; print(y)\n"
        'if not torch.compiler.is_compiling():\n    print("shape", y.shape)\nreturn y\n'
    )
    unsafe = _fix(before, "TL301", unsafe=True)
    assert unsafe == _net(
        'y = x + 1\nif not torch.compiler.is_compiling():\n    print("shape", y.shape)\nreturn y\n'
    )


def test_none_default_gets_optional_and_literals_get_annotations():
    before = """\
    import torch
    from torch import nn


    class Net(nn.Module):
        def forward(self, x, bias=None, scale: float = None, p=0.5, mode="sum", flag=True):
            return x
    """
    after = _fix(_fix(before, "TL202", targets_explicit=True), "TL203", targets_explicit=True)
    assert after == textwrap.dedent(
        """\
        import torch
        from torch import nn
        from typing import Optional


        class Net(nn.Module):
            def forward(self, x, bias: Optional[torch.Tensor] = None, scale: Optional[float] = None, p: float = 0.5, mode: str = "sum", flag: bool = True):
                return x
        """
    )


def test_optional_spelled_through_existing_typing_import():
    before = """\
    import typing
    import torch
    from torch import nn


    class Net(nn.Module):
        def forward(self, x, bias=None):
            return x
    """
    after = _fix(before, "TL202", targets_explicit=True)
    assert "def forward(self, x, bias: typing.Optional[torch.Tensor] = None):" in after
    assert after.count("import") == 3


def test_optional_tensor_only_for_what_can_be_a_tensor():
    # `config._attn_implementation`: a tensor has no such attribute, so `config` is no
    # tensor and `Optional[torch.Tensor]` would misstate it; `bias.shape` is a tensor's.
    before = """\
    import torch
    from torch import nn


    class Net(nn.Module):
        def forward(self, x, config=None, bias=None):
            if config is not None and config._attn_implementation == "sdpa":
                x = x * 2
            if bias is not None and bias.shape[-1] == x.shape[-1]:
                x = x + bias
            return x
    """
    assert _found(before, "TL202", targets_explicit=True) == 2
    after = _fix(before, "TL202", targets_explicit=True)
    assert "config=None, bias: Optional[torch.Tensor] = None):" in after


MIGRATION = """\
import torch
from torch import nn


class Model(nn.Module):
    scale: torch.jit.Final[float]

    def __init__(self):
        super().__init__()
        self.scale = 2.0

    @torch.jit.ignore
    def helper(self, x):
        return x + 1

    def forward(self, x):
        if torch.jit.is_scripting():
            return (x + 1) * self.scale
        return self.helper(x) * self.scale
{tail}"""

INPUTS = """

def inputs():
    return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
"""


def test_migration_safe_fixes_only_respell_final():
    # jit.ignore -> compiler.disable and is_scripting -> is_compiling change what some back-end
    # runs: no safe fix touches them. torch.jit.Final is typing.Final.
    before = MIGRATION.format(tail=INPUTS)
    after = _fix(before, "TL5")
    assert after == before.replace("scale: torch.jit.Final[float]", "scale: Final[float]").replace(
        "from torch import nn\n", "from torch import nn\nfrom typing import Final\n"
    )


def test_migration_unsafe_fixes_drop_the_scripting_branch_and_keep_called_ignores():
    after = _fix(MIGRATION.format(tail=INPUTS), "TL5", unsafe=True)
    # Eager, trace, compile and export never took the TorchScript branch: it goes. The helper
    # forward calls keeps @torch.jit.ignore (disable would break the graph there: TL312).
    assert "is_scripting" not in after and "is_compiling" not in after
    assert "    def forward(self, x):\n        return self.helper(x) * self.scale\n" in after
    assert "@torch.jit.ignore" in after and "torch.compiler.disable" not in after


def test_migration_fixes_leave_code_the_project_scripts():
    scripted = MIGRATION.format(
        tail="\n\ndef build():\n    m = torch.jit.script(Model())\n    return m.code\n"
    )
    unsafe = _fix(scripted, "TL5", unsafe=True)
    # forward is scripted: dropping the branch would hand TorchScript the helper call.
    assert "if torch.jit.is_scripting():" in unsafe
    # ``m.code`` needs a ScriptModule: the script call is not rewritten.
    assert "torch.jit.script(Model())" in unsafe


def test_jit_ignore_becomes_disable_only_where_no_graph_code_calls_it():
    before = """\
    import torch
    from torch import nn


    class Net(nn.Module):
        @torch.jit.ignore
        def no_weight_decay(self):
            return {"pos_embed"}

        @torch.jit.unused
        def called(self, x):
            return x.numpy()

        def forward(self, x):
            return self.called(x)
    """
    after = _fix(before, "TL504", unsafe=True)
    assert "@torch.compiler.disable\n    def no_weight_decay" in after
    assert "@torch.jit.unused\n    def called" in after
    assert _fix(before, "TL504") == textwrap.dedent(before)  # unsafe only


FOLDS = [
    # (statement with the guard, what is left)
    (
        "if torch.jit.is_scripting():\n    y = x\nelse:\n    y = x + 1\n",
        "y = x + 1\n",
    ),
    (
        "# keep me\nif not torch.jit.is_scripting():\n    y = x + 1\n    y = y * 2\n",
        "# keep me\ny = x + 1\ny = y * 2\n",
    ),
    (
        "if torch.jit.is_scripting():\n    y = x\nelif x.dim() > 1:\n    y = x + 1\nelse:\n    y = x\n",
        "if x.dim() > 1:\n    y = x + 1\nelse:\n    y = x\n",
    ),
    (
        "if x.dim() > 1:\n    y = x\nelif torch.jit.is_scripting():\n    y = x + 1\nelse:\n    y = x - 1\n",
        "if x.dim() > 1:\n    y = x\nelse:\n    y = x - 1\n",
    ),
    (
        "y = x\nif self.training and not torch.jit.is_scripting():\n    y = x + 1\n",
        "y = x\nif self.training:\n    y = x + 1\n",
    ),
    (
        "y = x\nif torch.jit.is_scripting() or x.dim() > 1:\n    y = x + 1\n",
        "y = x\nif x.dim() > 1:\n    y = x + 1\n",
    ),
    ("y = x\nif torch.jit.is_scripting():\n    y = x + 1\n", "y = x\n"),
    ("y = x if torch.jit.is_scripting() else x + 1\n", "y = x + 1\n"),
    ("flag = torch.jit.is_scripting()\ny = x\n", "flag = False\ny = x\n"),
    ("if not torch.jit.is_scripting(): y = x  # note\n", "y = x  # note\n"),
    # ``True or x.any()`` never evaluated x.any(): the assert checks nothing.
    ("y = x\nassert not torch.jit.is_scripting() or x.any(), 'msg'\n", "y = x\n"),
    ("y = x\nassert x.any() or torch.jit.is_scripting()\n", "y = x\nassert x.any()\n"),
]


@pytest.mark.parametrize(("statements", "left"), FOLDS)
def test_scripting_guard_folds_to_the_branch_eager_runs(statements, left):
    def function(body: str) -> str:
        return (
            "import torch\n\n\nclass Helper:\n    training = True\n\n"
            "    def run(self, x):\n" + textwrap.indent(body, " " * 8) + "        return y\n"
        )

    assert _fix(function(statements), "TL505", unsafe=True) == function(left)


def test_scripting_guard_that_is_the_whole_body_leaves_pass():
    before = "import torch\n\n\ndef f(x):\n    if torch.jit.is_scripting():\n        print(x)\n"
    after = _fix(before, "TL505", unsafe=True)
    assert after == "import torch\n\n\ndef f(x):\n    pass\n"


def test_scripting_guard_next_to_a_call_is_not_folded():
    # ``check(x) and is_scripting()`` is False, but folding it would skip check(x).
    before = (
        "import torch\n\n\ndef f(x, check):\n    if check(x) and torch.jit.is_scripting():\n"
        "        return x\n    return x + 1\n"
    )
    assert _fix(before, "TL505", unsafe=True) == before


def test_tensor_literal_rewrite_leaves_what_torch_builds_differently():
    before = _net(
        """\
        a = torch.tensor(0.5, dtype=torch.float64)
        b = torch.tensor([], device="cpu")
        c = torch.tensor(True)
        d = torch.tensor(0.5, requires_grad=True)
        e = torch.tensor(1e39)
        return x + a + b.sum() + c + d + e
        """
    )
    assert _found(before, "TL110") == 5
    after = _fix(before, "TL110")
    assert "a = torch.full((), 0.5, dtype=torch.float64)" in after
    assert 'b = torch.empty(0, device="cpu")' in after
    kept = ("torch.tensor(True)", "torch.tensor(0.5, requires_grad=True)", "torch.tensor(1e39)")
    assert all(k in after for k in kept)


def test_optional_only_where_every_use_is_refined():
    before = """\
    import torch
    from torch import nn


    class Net(nn.Module):
        def forward(self, x, mask=None, bias=None, scale=None, shift=None):
            if mask is not None:
                x = x * mask
            x = x if bias is None else x + bias
            if scale is None:
                return x
            x = x * scale
            return x + shift
    """
    assert _found(before, "TL202", targets_explicit=True) == 4
    after = _fix(before, "TL202", targets_explicit=True)
    assert (
        "def forward(self, x, mask: Optional[torch.Tensor] = None, bias: Optional[torch.Tensor] = None, "
        "scale: Optional[torch.Tensor] = None, shift=None):" in after
    )


def test_guard_is_safe_only_for_arguments_without_side_effects():
    before = _net('print("mean", x.mean(), len(x))\nprint(self.seen.pop())\nreturn x\n')
    safe = _fix(before, "TL301")
    assert (
        'if not torch.compiler.is_compiling():\n            print("mean", x.mean(), len(x))' in safe
    )
    assert "        print(self.seen.pop())\n" in safe
    unsafe = _fix(before, "TL301", unsafe=True)
    assert "if not torch.compiler.is_compiling():\n            print(self.seen.pop())" in unsafe


def test_jit_script_becomes_compile_only_where_the_result_is_only_called():
    before = """\
    import torch
    from torch.jit import script


    @script
    def double(x: torch.Tensor) -> torch.Tensor:
        return x * 2


    def run(model, x):
        fast = torch.jit.script(model)
        return fast(x) + double(x)
    """
    after = _fix(before, "TL501", unsafe=True)
    assert "@torch.compile\ndef double" in after
    assert "fast = torch.compile(model)" in after
    assert _fix(before, "TL501") == textwrap.dedent(before)  # unsafe only


def test_jit_trace_becomes_export_with_export_save():
    before = """\
    import torch

    model = torch.nn.Linear(3, 3)
    traced = torch.jit.trace(model, torch.randn(2, 3))
    torch.jit.save(traced, "model.pt")
    runner = torch.jit.trace(model, (torch.randn(2, 3),))
    y = runner(torch.randn(2, 3))
    kept = torch.jit.trace(model, (torch.randn(2, 3),), check_trace=False)
    """
    after = _fix(before, "TL502", unsafe=True)
    assert after == textwrap.dedent(
        """\
        import torch

        model = torch.nn.Linear(3, 3)
        traced = torch.export.export(model, (torch.randn(2, 3),))
        torch.export.save(traced, "model.pt")
        runner = torch.export.export(model, (torch.randn(2, 3),)).module()
        y = runner(torch.randn(2, 3))
        kept = torch.jit.trace(model, (torch.randn(2, 3),), check_trace=False)
        """
    )


def test_inference_gets_no_grad():
    before = """\
    import torch
    from torch import nn


    def evaluate(model, loader):
        model.eval()
        total = 0
        for x, y in loader:
            total += (model(x).argmax(1) == y).sum()
        return total


    model = nn.Linear(4, 2)
    model.eval()
    out = model(torch.randn(2, 4))  # keep me
    """
    after = _fix(before, "TL401", unsafe=True)
    assert "@torch.no_grad()\ndef evaluate(model, loader):" in after
    assert "with torch.no_grad():\n    out = model(torch.randn(2, 4))  # keep me\n" in after
    assert _fix(before, "TL401") == textwrap.dedent(before)


# -- torch: the codemods keep the model working and equal to eager ------------------------------
@requires_torch
@pytest.mark.torch
def test_torch_runs_migrated_model_under_compile_and_export():
    from .oracle import check

    after = _fix(MIGRATION.format(tail=INPUTS), "TL5", unsafe=True)
    # The compiled path takes the branch eager took; the ignored helper is traced as before.
    for backend in ("compile", "export"):
        verdict = check(after, backend)
        assert verdict.ok, verdict


GUARDS = """\
import torch
from torch import nn


class Model(nn.Module):
    def forward(self, x):
        tracing = 1.0 if torch.jit.is_tracing() else 0.0
        scripting = 1.0 if torch.jit.is_scripting() else 0.0
        compiling = 1.0 if torch.compiler.is_compiling() else 0.0
        return x * 0 + torch.tensor([tracing, scripting, compiling])
"""


@requires_torch
@pytest.mark.torch
def test_torch_guards_are_true_under_one_backend_each():
    # What TL505's fix rests on: is_scripting() / is_tracing() are False everywhere but under
    # their own back-end (so folding them to False changes only that one), and is_compiling()
    # is another predicate altogether (True under compile and export).
    import torch

    from .oracle import load_example

    model, x = load_example(GUARDS).Model(), torch.zeros(3)
    runs = {
        "eager": lambda: model(x),
        "script": lambda: torch.jit.script(model)(x),
        "trace": lambda: torch.jit.trace(model, (x,))(x),
        "compile": lambda: torch.compile(model, fullgraph=True, backend="eager")(x),
        "export": lambda: torch.export.export(model, (x,)).module()(x),
    }
    seen = {backend: run().tolist() for backend, run in runs.items()}
    assert seen == {
        "eager": [0.0, 0.0, 0.0],
        "script": [0.0, 1.0, 0.0],
        "trace": [1.0, 0.0, 0.0],
        "compile": [0.0, 0.0, 1.0],
        "export": [0.0, 0.0, 1.0],
    }


@requires_torch
@pytest.mark.torch
def test_torch_final_is_typing_final():
    import typing

    import torch

    assert torch.jit.Final is typing.Final


@requires_torch
@pytest.mark.torch
def test_torch_runs_exported_replacement_of_trace(tmp_path):
    import torch

    before = textwrap.dedent(
        f"""\
        import torch

        torch.manual_seed(0)
        model = torch.nn.Linear(3, 3)
        x = torch.randn(2, 3)
        traced = torch.jit.trace(model, x)
        torch.jit.save(traced, {str(tmp_path / "m.pt")!r})
        runner = torch.jit.trace(model, x)
        y = runner(x)
        """
    )
    after = _fix(before, "TL502", unsafe=True)
    assert "torch.jit" not in after
    namespace: dict = {}
    exec(compile(after, "fixed.py", "exec"), namespace)
    assert torch.allclose(namespace["y"], namespace["model"](namespace["x"]))
    loaded = torch.export.load(str(tmp_path / "m.pt"))
    assert torch.allclose(loaded.module()(namespace["x"]), namespace["y"])


# -- layers: rules/ and fixers/ stand on lint/ and never on each other -------------------------
def _imported_modules(path) -> list[str]:
    """Absolute names of the modules ``path`` imports (relative imports resolved in its package)."""
    import ast

    package = f"torchlint.{path.parent.name}"
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.extend(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                module = f"{base}.{node.module}" if node.module else base
            else:
                module = node.module or ""
            found.append(module)
            found.extend(f"{module}.{alias.name}" for alias in node.names)
    return found


@pytest.mark.parametrize(("folder", "forbidden"), [("fixers", "rules"), ("rules", "fixers")])
def test_rules_and_fixers_never_import_each_other(folder, forbidden):
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    files = sorted((root / folder).glob("*.py"))
    assert files
    offenders = {
        f"{path.name}: {name}"
        for path in files
        for name in _imported_modules(path)
        if name == f"torchlint.{forbidden}" or name.startswith(f"torchlint.{forbidden}.")
    }
    assert not offenders, sorted(offenders)


def test_unused_to_ignore_leaves_a_method_that_calls_a_submodule():
    """An ignored method gets the ScriptModule as `self`, whose submodules Python cannot call
    (torch 2.13: 'ScriptModule' object is not callable): no `@torch.jit.ignore` there."""
    before = """\
    import torch
    from torch import nn


    class Net(nn.Module):
        def __init__(self):
            super().__init__()
            self.proj = nn.Linear(4, 4)

        @torch.jit.unused
        def projected(self, x):
            return self.proj(x).relu()

        @torch.jit.unused
        def doubled(self, x):
            return x * 2

        def forward(self, x):
            return self.projected(x) + self.doubled(x)
    """
    after = _fix(before, "TL209", unsafe=True, targets_explicit=True)
    assert "@torch.jit.unused\n    def projected" in after
    assert "@torch.jit.ignore\n    def doubled" in after


def test_legacy_sized_new_becomes_new_empty_or_new_zeros():
    before = """\
    import torch
    from torch import nn


    class Net(nn.Module):
        def __init__(self):
            super().__init__()
            self.cell = nn.GRUCell(6, 12)

        def forward(self, x):
            h0 = x.new(x.size(0), 12).zero_()
            c0 = x.new(x.size(0), 12)
            return self.cell(x, h0) + c0.fill_(0.0)
    """
    after = _fix(before, "TL108")
    assert "h0 = x.new_zeros(x.size(0), 12)\n" in after
    assert "c0 = x.new_empty(x.size(0), 12)\n" in after


def test_int_of_a_rounded_tensor_as_a_slice_bound_keeps_its_int():
    """`int(torch.round(rel * t))` bounds a slice: the rounded tensor is floating point, and a
    float tensor is no slice bound (TypeError), so the unsafe fix leaves it."""
    before = """\
    import torch
    from torch import nn


    class Net(nn.Module):
        def forward(self, x, rel):
            out = []
            for i in range(x.shape[0]):
                n = int(torch.round(rel[i] * x.shape[1]))
                out.append(x[i, :n].mean(0))
            return torch.stack(out)
    """
    assert _fix(before, "TL102", unsafe=True) == textwrap.dedent(before)
