"""TL215: calls whose arguments no TorchScript overload of the ``aten::`` op takes."""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import NamedTuple, Optional

import libcst as cst

from torchlint.lint.rule import Invalid, Rule, Valid
from torchlint.lint.semantic.kinds import Kind
from torchlint.rules._script import SCRIPT, in_script, torchscript_table

# Defaults that a Python wrapper fills in eager but TorchScript's schemas lack (TorchScript
# calls the aten op, never the wrapper in torch/_tensor.py).
EAGER_DEFAULTS = {
    ("norm", "p"): "Tensor.norm's eager default p='fro' is the 2-norm over one or two dims: `p=2`",
}


class Argument(NamedTuple):
    name: str
    keyword_only: bool
    default: bool
    varargs: bool  # a list the frontend also fills from the remaining positionals


Overload = tuple[Argument, ...]


def parse_overloads(overloads: str, method: bool) -> list[Overload]:
    """The table's ``self,p=,dim,keepdim=,*,dtype,out|self,p=`` overloads as argument tuples.
    For a method, only the overloads with a ``self`` (which the receiver fills), without it."""
    parsed = []
    for text in overloads.split("|"):
        arguments, keyword_only = [], False
        for part in text.split(",") if text else []:
            if part == "*":
                keyword_only = True
                continue
            varargs = part.endswith("+")
            name = part.rstrip("+")
            arguments.append(Argument(name.rstrip("="), keyword_only, name.endswith("="), varargs))
        if method:
            if not any(a.name == "self" for a in arguments):
                continue
            arguments = [a for a in arguments if a.name != "self"]
        parsed.append(tuple(arguments))
    return parsed


def missing(overload: Overload, positional: int, keywords: frozenset[str]) -> Optional[list[str]]:
    """The required arguments ``overload`` lacks for this call (empty: it binds), as the
    frontend's ``tryMatchSchema`` fills it: positionals first, in order, then keywords by name,
    then defaults. None when no added argument could make it bind (a keyword it has no
    argument for, a keyword for an argument already given positionally, too many positionals)."""
    used, seen, lacking = 0, set(), []
    for argument in overload:
        if not argument.keyword_only and used < positional:
            used = positional if argument.varargs else used + 1
        elif argument.name in keywords:
            seen.add(argument.name)
        elif argument.name == "self" and "input" in keywords:
            seen.add("input")  # the frontend's findInputWithName: `input=` names an aten `self`
        elif not argument.default:
            lacking.append(argument.name)
    if used < positional or seen != keywords:
        return None
    return lacking


def accepts(overloads: Sequence[Overload], positional: int, keywords: frozenset[str]) -> bool:
    """Whether some overload takes ``positional`` positional arguments and these keywords
    (their types aside: a call this says yes to may still fail, never the other way)."""
    return any(missing(o, positional, keywords) == [] for o in overloads)


@functools.cache
def _covered() -> tuple[frozenset[str], frozenset[str]]:
    """The tensor methods and ``torch.X`` functions the table holds overloads for (none in an
    entry generated before the table had schemas)."""
    schemas = torchscript_table().get("schemas", {})
    return frozenset(schemas.get("tensor_methods", ())), frozenset(
        schemas.get("torch_functions", ())
    )


@functools.cache
def _overloads(name: str, method: bool) -> list[Overload]:
    return parse_overloads(torchscript_table()["schemas"]["ops"][name], method)


def _example(body: str) -> str:
    return (
        "import torch\nfrom torch import nn\n\n\nclass Model(nn.Module):\n"
        "    def forward(self, x):\n" + body + "\n\n\ndef inputs():\n"
        "    return [(torch.randn(2, 3),), (torch.randn(4, 3),)]\n"
    )


class NoOverloadInScript(Rule):
    """Flags calls whose arguments no TorchScript overload of the torch op takes.

    ## What it does
    Finds, in code that `torch.jit.script` compiles, calls of a tensor method on a value the
    semantic model knows is a tensor (`x.norm(...)`), and calls of a `torch.X` function that
    TorchScript binds to an `aten::` op (`torch.sum(...)`), whose number of positional
    arguments and keyword names match none of the op's schemas: a keyword no overload has
    (`x.sum(axis=0)`), a required argument that no overload with these keywords gets
    (`x.norm(dim=-1)`, `x.mean(keepdim=True)`), or too many positional arguments.

    The overloads are not a hand list: `benchmarks/torchscript_tables.py` reads every
    `aten::` schema of each public tensor method and `torch.X` function from torch
    (`torch._C._jit_get_schemas_for_operator`, as `torch.jit.supported_ops` lists them) and
    stores their argument names per torch version in `torchscript_tables.json`. Names that
    TorchScript compiles from Python source instead (`torch.norm`, `torch.stft`, the
    `torch.nn.functional` functions) are not in the table and never flagged, nor are calls
    with `*args` / `**kwargs`, receivers of unknown kind, or argument types (a call with the
    right names may still fail on types; this rule only claims what the names prove).

    ## Why is this bad?
    TorchScript matches a call against the op's schemas, without the Python wrappers' own
    defaults: `Tensor.norm` is a Python function with `p="fro"` in eager, but every
    `aten::norm` overload that has `dim` requires `p`, so `x.norm(dim=-1, keepdim=True)` runs
    in eager and `torch.jit.script` fails with `Arguments for call are not valid`.

    ## Example
    ```python
    def forward(self, x):
        return x / x.norm(dim=-1, keepdim=True)
    ```
    Use instead:
    ```python
    def forward(self, x):
        return x / x.norm(2, dim=-1, keepdim=True)
    ```

    ## Fix safety
    No fix: the message names the arguments the closest overload needs (`pass p explicitly`)
    or the keywords the op has, and the value is for the author to choose (for `norm` over one
    or two dims, `p=2` gives eager's `"fro"` result; over more dims `"fro"` takes another path).
    """

    code = "TL215"
    name = "no-overload-in-script"
    message = "no TorchScript overload takes these arguments"
    targets = SCRIPT

    VALID = [
        Valid(
            _example(
                "        y = x / x.norm(2, dim=-1, keepdim=True) + x.norm()\n"
                "        y = y + x.sum(dtype=torch.float32) + x.mean(dim=0) + x.std(0, unbiased=False)\n"
                "        y = y + x.var(correction=0) + x.max(dim=-1).values.sum()\n"
                "        y = y.permute(1, 0).reshape(-1, 2).view(2, -1).flip(0, 1)\n"
                "        return torch.sum(y, dim=0) + torch.split(x, 1)[0].sum()"
            )
        ),
    ]
    INVALID = [
        Invalid(
            _example("        return x / x.norm(dim=-1, keepdim=True)"),
            line=7,
            message_contains="pass `p` explicitly",
        ),
        Invalid(_example("        return x.mean(keepdim=True)"), line=7, message_contains="`dim`"),
        Invalid(_example("        return x.sum(axis=0)"), line=7, message_contains="`axis`"),
        Invalid(
            _example("        return torch.split(x, split_size_or_sections=1)[0]"),
            line=7,
            message_contains="aten::split",
        ),
        Invalid(_example("        return x.max(keepdim=True)"), line=7, message_contains="max"),
        Invalid(
            _example("        return x.transpose(0, 1, 2)"),
            line=7,
            message_contains="positional",
        ),
    ]

    def visit_Call(self, node: cst.Call) -> None:
        if not in_script(self.ctx):
            return
        if any(arg.star for arg in node.args):
            return
        given = [arg.keyword.value for arg in node.args if arg.keyword is not None]
        keywords = frozenset(given)
        if "keepdims" in keywords:
            return  # numpy's spelling: TL205's own finding
        positional = sum(1 for arg in node.args if arg.keyword is None)
        target = self._target(node.func)
        if target is None:
            return
        name, method, spelled = target
        overloads = _overloads(name, method)
        if not overloads or accepts(overloads, positional, keywords):
            return
        advice = self._advice(name, overloads, positional, given, spelled)
        self.report(
            node,
            f"torch.jit.script fails: no TorchScript overload of aten::{name} takes these "
            f"arguments (Arguments for call are not valid); {advice}",
        )

    def _target(self, func: cst.BaseExpression) -> Optional[tuple[str, bool, str]]:
        """(op name, a method call, how the call is spelled) for a call the table covers."""
        methods, functions = _covered()
        if isinstance(func, cst.Attribute) and func.attr.value in methods:
            if self.ctx.kind(func.value) is Kind.TENSOR:
                return func.attr.value, True, self.ctx.module.code_for_node(func)
        qualified = self.ctx.qualified_name(func) or ""
        module, _, name = qualified.rpartition(".")
        if module == "torch" and name in functions:
            return name, False, self.ctx.module.code_for_node(func)
        return None

    @staticmethod
    def _advice(
        name: str,
        overloads: list[Overload],
        positional: int,
        given: list[str],
        spelled: str,
    ) -> str:
        """The closest overload's missing arguments; else what no overload takes: a keyword,
        that many positionals, an argument given twice, these keywords together."""
        keywords = frozenset(given)
        candidates = [
            lacking
            for lacking in (missing(o, positional, keywords) for o in overloads)
            if lacking is not None
        ]
        if candidates:
            lacking = min(candidates, key=len)
            names = ", ".join(f"`{n}`" for n in lacking)
            known = [EAGER_DEFAULTS[(name, n)] for n in lacking if (name, n) in EAGER_DEFAULTS]
            hint = f" ({'; '.join(known)})" if known else ""
            shown = ", ".join(["..."] * positional + [f"{n}=..." for n in [*lacking, *given]])
            return f"pass {names} explicitly{hint}: `{spelled}({shown})`"
        taken = {a.name for o in overloads for a in o} - {"..."}
        if "self" in taken:
            taken.add("input")  # what `input=` names (see `missing`)
        unknown = sorted(keywords - taken)
        if unknown:
            listed = ", ".join(f"`{k}`" for k in unknown)
            if not taken:
                return f"no overload has {listed}: it takes no arguments"
            return f"no overload has {listed} (its arguments: {', '.join(sorted(taken))})"
        most = max(len([a for a in o if not a.keyword_only]) for o in overloads)
        if positional > most:
            if most == 0:
                return "it takes no positional arguments"
            return f"it takes at most {most} positional arguments"
        twice = sorted(
            {
                a.name
                for o in overloads
                for a in [a for a in o if not a.keyword_only][:positional]
                if a.name in keywords
            }
        )
        if twice:
            return f"{', '.join(f'`{n}`' for n in twice)} given both by position and by keyword"
        return f"no overload takes {', '.join(f'`{k}`' for k in sorted(keywords))} together"
