"""TL341: a surely causal mask given to ``nn.TransformerEncoder`` / ``nn.TransformerDecoder`` /
``nn.Transformer`` without its hint -> the same call with ``is_causal=True`` (unsafe).

With a mask and ``is_causal=None``, torch 2.13's ``forward`` compares the mask (made float by
``F._canonical_mask``: a boolean ``True`` becomes ``-inf``) with
``torch.triu(torch.full((n, n), -inf), diagonal=1)`` for the sequence length ``n`` and passes
the answer on as ``is_causal``. For a mask that is built as that very mask, the answer is
True on every call where the mask has the sequence's size, so ``is_causal=True`` gives the
layers what eager gave them (outputs equal, measured), and compile / export no longer read the
mask's values. Unsafe: a square mask of another size made eager raise in attention ("The shape
of the 2D attn_mask is ..., but should be (L, S)"); with ``is_causal=True`` and no key padding
mask, ``nn.MultiheadAttention`` drops the mask and the fixed call runs (torch 2.13).

Recognised masks (the argument itself, or a name bound once in the function and not a
parameter): ``torch.triu(torch.full((n, n), float("-inf")), diagonal=1)`` (also
``torch.full(...).triu(1)``, ``-float("inf")``, ``-math.inf``, ``-torch.inf``, a list size),
the boolean ``torch.ones(n, n, dtype=torch.bool).triu(1)`` / ``torch.triu(torch.ones(n, n,
dtype=torch.bool), 1)``, ``nn.Transformer.generate_square_subsequent_mask(n)``. Any other mask
(another fill value such as ``finfo.min``, another diagonal, a mask edited after) is left alone:
eager may decide False for it.
"""

from __future__ import annotations

import re
from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.fixes import Fixer, Replacement
from torchlint.lint.graph_queries import (
    CAUSAL_HINTS,
    CAUSAL_MASK_FACTORIES,
    argument,
    assignments,
    is_minus_infinity,
    is_none,
)

_SAID = re.compile(r"called with `(\w+)` and no `(\w+)`")


class TransformerMaskIsCausal(Fixer):
    codes = ("TL341",)
    applicability = "unsafe"
    message = "pass `is_causal=True`: the mask is the causal mask, which eager detects each call"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        call = diagnostic.node
        said = _SAID.search(diagnostic.message)
        if not isinstance(call, cst.Call) or said is None:
            return None
        mask_name, hint_name = said.groups()
        spot = next(
            (
                (mask_at, hint_at)
                for hints in CAUSAL_HINTS.values()
                for mask, mask_at, hint, hint_at in hints
                if (mask, hint) == (mask_name, hint_name)
            ),
            None,
        )
        if spot is None:
            return None
        mask = argument(call, mask_name, spot[0])
        if mask is None or not self._causal(call, mask.value):
            return None
        hint = argument(call, hint_name, spot[1])
        true = cst.Name("True")
        if hint is not None:
            if not is_none(hint.value):
                return None
            return [(hint.value, true)]
        last = call.args[-1]
        comma = cst.Comma(whitespace_after=cst.SimpleWhitespace(" "))
        added = cst.Arg(
            value=true,
            keyword=cst.Name(hint_name),
            equal=cst.AssignEqual(
                whitespace_before=cst.SimpleWhitespace(""),
                whitespace_after=cst.SimpleWhitespace(""),
            ),
            comma=last.comma,
        )
        args = [*call.args[:-1], last.with_changes(comma=comma), added]
        return [(call, call.with_changes(args=args))]

    # -- the mask ----------------------------------------------------------------------------
    def _causal(self, call: cst.Call, mask: cst.BaseExpression) -> bool:
        if isinstance(mask, cst.Name):
            function = self.enclosing_function(call)
            if function is None or mask.value in _parameters(function):
                return False
            bound = assignments(function, mask.value)
            if len(bound) != 1 or bound[0][1:] != (0, 1):
                return False
            mask = bound[0][0]
        return self._causal_expr(mask)

    def _causal_expr(self, expr: cst.BaseExpression) -> bool:
        if not isinstance(expr, cst.Call):
            return False
        name = self.ctx.qualified_name(expr.func)
        if name in CAUSAL_MASK_FACTORIES:
            return len(expr.args) >= 1 and expr.args[0].keyword is None
        if name == "torch.triu":
            if not expr.args or expr.args[0].keyword is not None:
                return False
            base, rest = expr.args[0].value, expr.args[1:]
        elif isinstance(expr.func, cst.Attribute) and expr.func.attr.value == "triu":
            base, rest = expr.func.value, expr.args
        else:
            return False
        return _diagonal_one(rest) and self._square_full(base)

    def _square_full(self, expr: cst.BaseExpression) -> bool:
        """``torch.full((n, n), -inf)`` or ``torch.ones(n, n, dtype=torch.bool)``."""
        if not isinstance(expr, cst.Call) or any(arg.star for arg in expr.args):
            return False
        name = self.ctx.qualified_name(expr.func)
        positional = [arg.value for arg in expr.args if arg.keyword is None]
        keywords = {arg.keyword.value: arg.value for arg in expr.args if arg.keyword is not None}
        if name == "torch.full":
            if len(positional) != 2 or not self._square(positional[0]):
                return False
            return is_minus_infinity(self.ctx, positional[1]) and not {"out"} & keywords.keys()
        if name == "torch.ones":
            dtype = keywords.get("dtype")
            if dtype is None or self.ctx.qualified_name(dtype) != "torch.bool":
                return False
            if len(positional) == 1:
                return self._square(positional[0])
            return len(positional) == 2 and self._same(positional[0], positional[1])
        return False

    def _square(self, size: cst.BaseExpression) -> bool:
        if not isinstance(size, (cst.Tuple, cst.List)) or len(size.elements) != 2:
            return False
        first, second = size.elements
        if isinstance(first, cst.StarredElement) or isinstance(second, cst.StarredElement):
            return False
        return self._same(first.value, second.value)

    def _same(self, a: cst.BaseExpression, b: cst.BaseExpression) -> bool:
        return self.code(a).strip() == self.code(b).strip()


def _diagonal_one(args: tuple[cst.Arg, ...] | list[cst.Arg]) -> bool:
    if len(args) != 1 or args[0].star:
        return False
    keyword = args[0].keyword
    if keyword is not None and keyword.value != "diagonal":
        return False
    value = args[0].value
    return isinstance(value, cst.Integer) and value.evaluated_value == 1


def _parameters(function: cst.FunctionDef) -> set[str]:
    params = function.params
    names = [p.name.value for p in (*params.posonly_params, *params.params, *params.kwonly_params)]
    for star in (params.star_arg, params.star_kwarg):
        if isinstance(star, cst.Param):
            names.append(star.name.value)
    return set(names)
