"""TL215: calls no TorchScript overload takes, judged from the aten schemas in the table.

The table of calls below is linted and, where torch is installed, scripted: the rule's verdict
(flagged or clean) must be torch's (fails to script or scripts) on every call.
"""

from __future__ import annotations

import json

import pytest

from torchlint.lint import torchscript_tables as script_tables
from torchlint.lint.engine import lint_text
from torchlint.lint.settings import Settings
from torchlint.rules.tl215_no_overload_in_script import (
    Argument,
    NoOverloadInScript,
    accepts,
    missing,
    parse_overloads,
    rejects_tensor,
)

from .conftest import requires_torch

# (call on the tensor `x`, whether TL215 flags it). Torch's verdict is computed in the test.
CALLS = [
    ("x.norm(dim=-1, keepdim=True)", True),
    ("x.norm(dim=1)", True),
    ("x.norm(2, dim=-1, keepdim=True)", False),
    ("x.norm(p=2, dim=1)", False),
    ("x.norm()", False),
    ("x.norm(2)", False),
    ("x.sum(dtype=torch.float64)", False),
    ("x.sum(0, dtype=torch.float64)", False),
    ("x.sum(dim=0, keepdim=True)", False),
    ("x.sum(axis=0)", True),
    ("x.sum(0, dim=0)", True),
    ("torch.sum(x, axis=0)", True),
    ("torch.sum(x, dim=0, dtype=torch.float64)", False),
    ("x.std(unbiased=False)", False),
    ("x.std(0, unbiased=False)", False),
    ("x.std(dim=0, correction=0)", False),
    ("x.std(unbiased=False, correction=0)", True),
    ("x.var(correction=0, keepdim=True)", False),
    ("x.var(0, True, True)", False),
    ("x.var(0, True, True, True)", True),
    ("torch.var(x, unbiased=False, correction=1)", True),
    ("x.mean(dim=0)", False),
    ("x.mean(0, True)", False),
    ("x.mean(keepdim=True)", True),
    ("torch.mean(x, keepdim=True)", True),
    ("x.max(dim=0)", False),
    ("x.max(0, keepdim=True)", False),
    ("x.max(keepdim=True)", True),
    ("x.max(dim=0, other=x)", True),
    ("torch.max(x, dim=1)", False),
    ("x.permute(1, 0)", False),
    ("x.flip(0, 1)", False),
    ("x.view(-1)", False),
    ("x.transpose(0, 1)", False),
    ("x.transpose(0, 1, 2)", True),
    ("x.split(1, dim=0)", False),
    ("torch.split(x, split_size=1)", False),  # aten::split's name (eager's Python one differs)
    ("torch.split(x, split_size_or_sections=1)", True),
    ("x.norm(dim=(0, 1))", True),
    ("x.norm(2, dim=-1, dtype=torch.float64)", True),  # the dtype overload has no keepdim default
    ("torch.cat([x, x], axis=0)", True),  # numpy's alias, eager's parser only
    ("x.nonzero(as_tuple=True)", True),
    ("torch.nonzero(x)", False),
    ("x.cuda(non_blocking=True)", True),
    ("x.to(x.device, non_blocking=True)", False),
    ("torch.zeros(2, 3, dtype=torch.float32)", False),
    ("torch.einsum('ij,ij->i', x, x)", False),
    ("torch.sum(input=x)", False),  # `input=` names the aten op's `self`
    ("torch.clamp(input=x, min=0.0)", False),
    ("torch.transpose(input=x, dim0=0, dim1=1)", False),
    ("x.sum(input=x)", True),  # a method's receiver is its `self` already
    ("torch.zeros(2, requires_grad=True)", True),  # eager's parser only
    # torch.norm is compiled from its Python source: the schemas do not apply.
    ("torch.norm(x, dim=-1)", False),
]


# (call in `forward(self, x, n, *, d)`: `n` and `d` unannotated, hence Tensor to TorchScript,
# whether TL215 flags it). Torch's verdict is computed in the test.
TENSOR_CALLS = [
    ("torch.arange(n)", False),  # a Tensor converts to the Scalar `end`
    ("torch.arange(0, n, dtype=torch.float32)", False),
    ("torch.arange(5, device=d)", True),  # no Tensor converts to a Device
    ("torch.arange(n, device=d, dtype=x.dtype)", True),
    ("torch.arange(5, dtype=n)", False),  # a ScalarType is an int to TorchScript
    ("torch.zeros(n)", False),  # one element of the size list filled from the positionals
    ("torch.zeros(n, 3)", False),
    ("torch.zeros(size=n)", True),  # the list itself
    ("torch.zeros(2, device=d)", True),
    ("torch.full((2,), n)", False),
    ("torch.full(n, 1.0)", True),  # `size` is no list filled from the positionals here
    ("x.pow(n)", False),
    ("x.clamp(min=n)", False),
    ("x.clamp(n, 1.0)", False),
    ("x.to(n)", False),
    ("x.to(device=d)", True),
    ("x.to(d)", False),  # aten::to(Tensor other) takes it
    ("x.view(n)", False),
    ("x.view(-1, n)", False),
    ("x.view(size=n)", True),
    ("x.repeat(n, 1)", False),
    ("x.sum(n)", True),  # `dim` is an int[1]?, no int
    ("x.sum(dim=n)", True),
    ("x.unsqueeze(n)", False),
    ("x.mean(0, keepdim=n)", True),  # no Tensor converts to a bool
    ("x.div(2, rounding_mode=d)", True),
    ("x.masked_fill(x > 0, n)", False),
    ("torch.cat(n)", True),
    ("torch.cat([x, n], dim=0)", False),
    ("torch.randn(3, generator=d)", True),
    ("x.new_zeros([2], device=d)", True),
    # A tuple or list holding `n` (a Tensor) where a list of numbers is wanted: no conversion.
    ("torch.zeros((n, 2))", True),
    ("torch.zeros([n, 2])", True),
    ("torch.randn((n,) + (2,))", True),
    ("torch.randn((2,) + (n,), dtype=torch.float32)", True),
    ("x.sum((n, 1))", True),
    ("x.new_zeros((n, 2))", True),
    ("x.expand((n, 3))", True),
    ("torch.cat((n, x))", False),  # a tuple of tensors is a Tensor[]
    ("torch.stack([x, n])", False),
    ("torch.zeros((2, 3))", False),
]


def _forward_source(signature: str):  # type: ignore[no-untyped-def]
    """The source of a module whose ``forward(self, <signature>)`` makes ``y = <call>``."""

    def source(call: str) -> str:
        return (
            "import torch\nfrom torch import nn\n\n\nclass Model(nn.Module):\n"
            f"    def forward(self, {signature}):\n        y = {call}\n        return x\n"
        )

    return source


_tensor_source = _forward_source("x, n, *, d")


# (call in `forward(self, x, n=1)`: `n` unannotated with an int default, a Tensor in the body
# too: TorchScript checks the default only after compiling the body).
DEFAULT_CALLS = [
    ("torch.randn((n,) + (2,))", True),
    ("torch.zeros([n, 2])", True),
    ("torch.cat((x, x))", False),
]


_default_source = _forward_source("x, n=1")


_source = _forward_source("x")


def _flagged(source: str) -> list[str]:
    settings = Settings(select=("TL215",), targets_explicit=True)
    result = lint_text("example.py", source, settings=settings, rules=[NoOverloadInScript])
    assert not result.errors, result.errors
    return [d.message for d in result.diagnostics if d.code == "TL215"]


@pytest.mark.parametrize(("call", "flagged"), CALLS)
def test_rule_verdict(call: str, flagged: bool) -> None:
    assert bool(_flagged(_source(call))) == flagged


@pytest.mark.parametrize(("call", "flagged"), TENSOR_CALLS)
def test_rule_verdict_on_unannotated_parameters(call: str, flagged: bool) -> None:
    assert bool(_flagged(_tensor_source(call))) == flagged


def test_list_plus_tuple_is_left_to_the_plus() -> None:
    """`x.shape[:-1] + (n, 1)` fails at the `+` (a List[int] and a tuple) before the call."""
    assert not _flagged(_tensor_source("x.view(x.shape[:-1] + (n, 1))"))


@pytest.mark.parametrize(("call", "flagged"), DEFAULT_CALLS)
def test_rule_verdict_on_literal_default_parameters(call: str, flagged: bool) -> None:
    assert bool(_flagged(_default_source(call))) == flagged


@requires_torch
@pytest.mark.torch
def test_torch_fails_the_flagged_call_before_the_default(tmp_path) -> None:
    """With `n=1` every module fails (`Expected a default value of type Tensor`), but only
    after the body: a flagged call fails first, with the error TL215 names."""
    import torch

    for number, (call, flagged) in enumerate(DEFAULT_CALLS):
        module = _imported(tmp_path, f"default_{number}", _default_source(call))
        with pytest.raises(RuntimeError) as failure:
            torch.jit.script(module.Model())
        assert ("Arguments for call are not valid" in str(failure.value)) == flagged, call


def _imported(folder, name: str, source: str):  # type: ignore[no-untyped-def]
    """``source`` written to ``folder/<name>.py`` and imported (TorchScript reads the file)."""
    import importlib.util

    path = folder / f"{name}.py"
    path.write_text(source)
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@requires_torch
@pytest.mark.torch
@pytest.mark.parametrize(
    ("calls", "source"), [(CALLS, _source), (TENSOR_CALLS, _tensor_source)], ids=["names", "types"]
)
def test_torch_agrees_on_every_call(tmp_path, calls, source) -> None:
    disagree = [
        call
        for number, (call, flagged) in enumerate(calls)
        if scripts(tmp_path, f"call_{number}", source(call)) == flagged
    ]
    assert not disagree, disagree


def scripts(folder, name: str, source: str) -> bool:  # type: ignore[no-untyped-def]
    """Whether ``torch.jit.script`` compiles the ``Model`` of ``source``."""
    import torch

    try:
        torch.jit.script(_imported(folder, name, source).Model())
    except RuntimeError:
        return False
    return True


def test_message_names_the_missing_argument() -> None:
    (message,) = _flagged(_source("x.norm(dim=-1, keepdim=True)"))
    assert "no TorchScript overload of aten::norm" in message
    assert "Arguments for call are not valid" in message
    assert "pass `p` explicitly" in message and "p=2" in message
    assert "`x.norm(p=..., dim=..., keepdim=...)`" in message
    (message,) = _flagged(_source("x.sum(axis=0)"))
    assert "no overload has `axis`" in message and "keepdim" in message
    (message,) = _flagged(_source("x.cuda(non_blocking=True)"))
    assert "no overload has `non_blocking`: it takes no arguments" in message
    (message,) = _flagged(_source("x.transpose(0, 1, 2)"))
    assert "at most 2 positional arguments" in message
    (message,) = _flagged(_source("torch.sum(input=x, axis=0)"))
    assert (
        "no overload has `axis` (its arguments: dim, dtype, input, keepdim, out, self)" in message
    )
    (message,) = _flagged(_source("x.sum(0, dim=0)"))
    assert "`dim` given both by position and by keyword" in message
    (message,) = _flagged(_source("x.std(unbiased=False, correction=0)"))
    assert "no overload takes `correction`, `unbiased` together" in message


@requires_torch
def test_norm_advice_is_eagers_default() -> None:
    """The message says p=2 gives eager's default p='fro' over one or two dims."""
    import torch

    x = torch.randn(3, 4, 5)
    for dim in (-1, 1, (0, 1), (1, 2)):
        assert torch.equal(x.norm(dim=dim), x.norm(2, dim=dim)), dim


@pytest.mark.parametrize(
    "line",
    [
        "y = x.transpose(0, 1, *dims)",  # *args: the count is unknown
        "y = x.transpose(0, 1, **options)",
        "y = t.norm(dim=-1)",  # t's kind is unknown
        "y = x.sum(keepdims=True)",  # numpy's keyword: TL205 reports it
        "y = x.no_such_method(dim=-1)",  # not in the table
    ],
)
def test_skips_what_it_cannot_prove(line: str) -> None:
    source = (
        "import torch\nfrom torch import nn\n\nt = make()\ndims = [1]\noptions = {}\n\n\n"
        "class Model(nn.Module):\n"
        f"    def forward(self, x):\n        {line}\n        return x\n"
    )
    assert not _flagged(source)


@pytest.mark.parametrize(
    ("header", "body"),
    [
        ("def forward(self, x, d: torch.device):", ""),  # annotated: not a Tensor
        ("def forward(self, x, d=None):", ""),  # a default: TL202 / TL203's business
        ("def forward(self, x, d):", "d = x.device\n"),  # rebound: not the parameter's Tensor
        ("def forward(self, x, d):", "for d in [x.device]:\n            pass\n"),
        ("def forward(self, x, d):  # type: (Tensor, Device) -> Tensor", ""),  # typed there
    ],
)
def test_tensor_typing_needs_a_bare_unannotated_parameter(header: str, body: str) -> None:
    source = (
        "import torch\nfrom torch import nn\n\n\nclass Model(nn.Module):\n"
        f"    {header}\n        {body}        return x.to(device=d)\n"
    )
    assert not _flagged(source)
    bare = "import torch\nfrom torch import nn\n\n\nclass Model(nn.Module):\n"
    bare += "    def forward(self, x, d):\n        return x.to(device=d)\n"
    assert _flagged(bare)


def test_tensor_message_names_the_parameter() -> None:
    (message,) = _flagged(_tensor_source("torch.arange(n, device=d, dtype=x.dtype)"))
    assert "no TorchScript overload of aten::arange takes a Tensor for `device=`" in message
    assert "`d` has neither annotation nor default" in message
    assert "`n`" not in message  # a Tensor converts to the Scalar `end`
    (message,) = _flagged(_tensor_source("torch.full(n, 1.0)"))
    assert "takes a Tensor for positional argument 1" in message and "`n`" in message


def test_only_scripted_code_is_checked() -> None:
    source = "import torch\n\n\ndef f(x: torch.Tensor):\n    return x.norm(dim=-1)\n"
    assert not _flagged(source)
    assert _flagged(source.replace("def f", "@torch.jit.script\ndef f"))


def test_an_entry_without_schemas_flags_nothing(tmp_path, monkeypatch) -> None:
    from torchlint.rules import tl215_no_overload_in_script as rule

    tables = tmp_path / "tables.json"
    tables.write_text(json.dumps({"2.13": {"torch": "2.13.0"}}))
    monkeypatch.setattr(script_tables, "TABLES", tables)
    caches = (script_tables.torchscript_table, rule._covered, rule._overloads)
    for cache in caches:
        cache.cache_clear()
    try:
        assert not _flagged(_source("x.norm(dim=-1, keepdim=True)"))
    finally:
        monkeypatch.undo()
        for cache in caches:
            cache.cache_clear()
    assert _flagged(_source("x.norm(dim=-1, keepdim=True)"))  # the real table again


def test_matching_follows_the_frontend() -> None:
    (permute,) = parse_overloads("self,dims+", method=True)
    assert permute == (Argument("dims", False, False, True),)
    assert accepts([permute], 3, frozenset())  # the list filled from the positionals
    norm = parse_overloads("self,p=|self,p,dim,keepdim=,*,dtype=|a,b", method=True)
    assert len(norm) == 2  # no `self`: not a method overload
    assert missing(norm[1], 0, frozenset({"dim"})) == ["p"]
    assert missing(norm[1], 1, frozenset({"p"})) is None  # p given twice
    assert missing(norm[1], 0, frozenset({"p", "dim", "dtype"})) == []
    assert not accepts(norm, 4, frozenset())
    sublist = parse_overloads("a,...=+", method=False)  # aten::einsum.sublist(Tensor a, ...)
    assert accepts(sublist, 1, frozenset()) and accepts(sublist, 4, frozenset())
    (function,) = parse_overloads("self,p=", method=False)
    assert accepts([function], 0, frozenset({"input"}))  # `input=` names `self`
    assert not accepts([function], 1, frozenset({"input"}))
    assert [a.name for a in function] == ["self", "p"]
    (mean,) = parse_overloads("self,dim!,keepdim!=,*,dtype=", method=True)
    assert mean[1] == Argument("keepdim", False, True, False, False)
    assert rejects_tensor(mean, 1, frozenset({"keepdim"}))
    assert rejects_tensor(mean, 1, frozenset({0}))  # positional 0 is `dim`
    assert not rejects_tensor(mean, 1, frozenset({"dtype"}))
    (view,) = parse_overloads("self,size!+", method=True)
    assert not rejects_tensor(view, 2, frozenset({1}))  # an element of the filled list
    assert accepts([view], 2, frozenset()) and accepts([view], 2, frozenset(), frozenset({1}))
    assert not accepts([mean], 0, frozenset({"dim"}), frozenset({"dim"}))
    (function,) = parse_overloads("self!,p=", method=False)
    assert rejects_tensor(function, 0, frozenset({"input"}))  # `input=` names `self`


@requires_torch
@pytest.mark.slow
def test_table_holds_the_installed_torchs_schemas(monkeypatch) -> None:
    import torch

    monkeypatch.syspath_prepend(str(script_tables.TABLES.parent.parent / "benchmarks"))
    import torchscript_tables

    version = ".".join(torch.__version__.split("+")[0].split(".")[:2])
    stored = json.loads(script_tables.TABLES.read_text()).get(version)
    if stored is None:
        pytest.skip(f"no table for torch {version}: run benchmarks/torchscript_tables.py")
    ops = stored["schemas"]["ops"]
    tensorless = frozenset(stored["schemas"]["tensorless_types"])
    for name in ("norm", "sum", "std", "permute", "max", "arange"):
        found = torch._C._jit_get_schemas_for_operator("aten::" + name)
        stored_overloads = ops[name].split("|")
        expected = sorted({torchscript_tables._overload(s, tensorless) for s in found})
        assert stored_overloads == expected, name
    assert ops["permute"] == "self,dims!+"
    assert "self,dim!,keepdim!=,*,dtype=" in ops["mean"].split("|")
    # Each stored claim is one the frontend confirms on these ops, and a Tensor converts to
    # the int, Scalar and dtype arguments (the claims never name them).
    probed = [("t.{}", "mean", True), ("torch.{}", "arange", False), ("t.{}", "div", True)]
    assert torchscript_tables._tensor_claims(probed) == {"bool", "Device", "List[int]", "str"}
    assert {"bool", "Device", "List[int]", "str"} <= tensorless
    assert not tensorless & {"int", "number", "float", "Tensor"}
    assert "a,...=+" in ops["einsum"].split("|")
    assert "norm" in stored["schemas"]["tensor_methods"]
    assert "norm" not in stored["schemas"]["torch_functions"]  # Python source in torch
    assert "split" in stored["schemas"]["torch_functions"]  # bound to aten::split
