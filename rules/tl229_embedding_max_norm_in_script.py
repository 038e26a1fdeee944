"""TL229: an embedding lookup with `max_norm` in scripted code."""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.graph_queries import assignments, self_assignments, self_attribute
from torchlint.lint.rule import Invalid, Rule, Valid
from torchlint.rules._script import SCRIPT, class_methods, in_script, literal_type

# Where each spelling takes `max_norm` by position (0-based).
MAX_NORM_POSITION = {
    "torch.nn.Embedding": 3,
    "torch.nn.modules.sparse.Embedding": 3,
    "torch.nn.EmbeddingBag": 2,
    "torch.nn.modules.sparse.EmbeddingBag": 2,
    "torch.nn.Embedding.from_pretrained": 3,
    "torch.nn.modules.sparse.Embedding.from_pretrained": 3,
    "torch.nn.EmbeddingBag.from_pretrained": 2,
    "torch.nn.modules.sparse.EmbeddingBag.from_pretrained": 2,
    "torch.nn.functional.embedding": 3,
    "torch.nn.functional.embedding_bag": 3,
}


def _example(init: str, forward: str) -> str:
    return (
        "import torch\nimport torch.nn.functional as F\nfrom torch import nn\n\n\n"
        "class Model(nn.Module):\n"
        "    def __init__(self):\n        super().__init__()\n" + init + "\n\n"
        "    def forward(self, ids):\n" + forward + "\n\n\ndef inputs():\n"
        "    return [(torch.randint(0, 10, (2, 3)),), (torch.randint(0, 10, (4,)),)]\n"
    )


class EmbeddingMaxNormInScript(Rule):
    """Flags an embedding built or looked up with `max_norm` in scripted code.

    ## What it does
    Finds `nn.Embedding(..., max_norm=...)` / `nn.EmbeddingBag(..., max_norm=...)` (and their
    `from_pretrained`) built by a module `torch.jit.script` compiles, and calls of
    `F.embedding(..., max_norm=...)` / `F.embedding_bag(..., max_norm=...)` in scripted code.

    ## Why is this bad?
    With `max_norm`, eager renormalises in place the rows of the weight a lookup reads whose
    norm exceeds it, before it reads them. The scripted module does not give those values:
    torch 2.13 scripts it without error, and its lookups return rows of the weight that are not
    renormalised, so the scripted result differs from eager's wherever a row's norm exceeds
    `max_norm`.

    ## Example
    ```python
    self.user = nn.Embedding(n_users, d, max_norm=1.0)
    ```
    Use instead: renormalise explicitly, e.g. `rows = self.user(ids)` then
    `rows * (1.0 / rows.norm(dim=-1, keepdim=True).clamp(min=1.0))` (out of place), or keep
    the weights constrained when training.

    ## Fix safety
    No automatic fix: eager's in-place renormalisation changes the weights, which an explicit
    version does not.
    """

    code = "TL229"
    name = "embedding-max-norm-in-script"
    message = (
        "embedding lookup with `max_norm` in scripted code: the scripted module does not "
        "renormalise the rows it reads as eager does, so its result differs"
    )
    targets = SCRIPT

    VALID = [
        Valid(_example("        self.emb = nn.Embedding(10, 4)", "        return self.emb(ids)")),
        Valid(
            _example(
                "        self.emb = nn.Embedding(10, 4, max_norm=None)",
                "        return self.emb(ids)",
            )
        ),
    ]
    INVALID = [
        Invalid(
            _example(
                "        self.emb = nn.Embedding(10, 4, max_norm=1.0)",
                "        return self.emb(ids)",
            ),
            line=12,
        ),
        Invalid(
            _example(
                "        self.w = nn.Parameter(torch.randn(10, 4) * 3)",
                "        return F.embedding(ids, self.w, max_norm=1.0)",
            ),
            line=12,
        ),
    ]

    def __init__(self, ctx) -> None:  # type: ignore[no-untyped-def]
        super().__init__(ctx)
        self._seen: set[tuple[str, str]] = set()

    def visit_Attribute(self, node: cst.Attribute) -> None:
        """``self.<attr>`` read in scripted code, where every binding of it in the class is
        an embedding built with ``max_norm``."""
        attr = self_attribute(node)
        info = self.ctx.function_info
        if attr is None or info is None or info.owner_class is None or not in_script(self.ctx):
            return
        key = (info.owner_class, attr)
        if key in self._seen:
            return
        self._seen.add(key)
        values = [
            (method, value)
            for method in class_methods(self.ctx, info.owner_class)
            for value in self_assignments(method, attr)
        ]
        if not values or not all(
            type(v) is cst.Call and self._with_max_norm(v, m) is not None for m, v in values
        ):
            return
        short = self._with_max_norm(values[0][1], values[0][0])  # type: ignore[arg-type]
        self.report(
            node,
            f"`self.{attr}` is built with `{short}(..., max_norm=...)` and read in scripted "
            "code: eager renormalises in place the weight rows a lookup reads whose norm "
            "exceeds `max_norm`; the scripted module (torch 2.13) returns them not "
            "renormalised, so its result differs; renormalise the looked-up rows explicitly",
        )

    def _with_max_norm(
        self, node: cst.Call, function: Optional[cst.FunctionDef] = None
    ) -> Optional[str]:
        """The short name of an embedding built or looked up with a ``max_norm`` (not None)."""
        name = self.ctx.qualified_name(node.func)
        position = MAX_NORM_POSITION.get(name or "")
        if position is None:
            return None
        value = self._max_norm(node, position)
        if value is None or not self._number(value, function or self.ctx.function):
            return None
        return (name or "").replace("torch.nn.functional.", "F.").replace("torch.nn.", "nn.")

    def visit_Call(self, node: cst.Call) -> None:
        if not in_script(self.ctx):
            return
        short = self._with_max_norm(node)
        if short is None or not short.startswith("F."):
            return
        self.report(
            node,
            f"`{short}(..., max_norm=...)` in scripted code: eager renormalises in place the "
            "weight rows a lookup reads whose norm exceeds `max_norm`; the scripted module "
            "(torch 2.13) returns them not renormalised, so its result differs; renormalise "
            "the looked-up rows explicitly",
        )

    def _number(
        self, value: cst.BaseExpression, function: Optional[cst.FunctionDef], depth: int = 0
    ) -> bool:
        """Whether ``value`` is surely a number (never None): a number literal, a parameter
        of ``function`` that defaults to one and is never rebound, or ``self.<attr>`` whose
        every binding in the class is one of these (in its method)."""
        if depth > 3:
            return False
        if type(value) is cst.UnaryOperation and type(value.operator) is cst.Minus:
            value = value.expression
        if literal_type(value) in ("int", "float"):
            return True
        if type(value) is cst.Name and function is not None:
            param = next((p for p in function.params.params if p.name.value == value.value), None)
            return (
                param is not None
                and param.default is not None
                and literal_type(param.default) in ("int", "float")
                and not assignments(function, value.value)
            )
        attr = self_attribute(value)
        info = self.ctx.function_info
        if attr is None or info is None or info.owner_class is None:
            return False
        bindings = [
            (method, found)
            for method in class_methods(self.ctx, info.owner_class)
            for found in self_assignments(method, attr)
        ]
        return bool(bindings) and all(
            found is not None and self._number(found, method, depth + 1)
            for method, found in bindings
        )

    @staticmethod
    def _max_norm(node: cst.Call, position: int) -> Optional[cst.BaseExpression]:
        positional = 0
        for arg in node.args:
            if arg.star:
                return None
            if arg.keyword is not None:
                if arg.keyword.value == "max_norm":
                    return arg.value
                continue
            if positional == position:
                return arg.value
            positional += 1
        return None
