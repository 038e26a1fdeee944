"""Repairs for compile / export / trace findings torchlint reported without a fix (issue #23,
session 26: b63 to b68 and the blind b69). All unsafe; each class says what it takes.

``FakeQuantPerTensorInOps`` (TL329): ``torch.fake_quantize_per_tensor_affine(x, scale,
zero_point, qmin, qmax)`` -> a helper of the file that computes the same values from ops with
fake-tensor kernels for symbolic sizes, with the kernel's straight-through gradient.

``DenseOperandOfSparseMatmul`` (TL317): ``a = adj.to_sparse()`` whose only use is the left
operand of matrix products with a dense result (``torch.sparse.mm(a, h)``, ``a @ h``) -> ``a =
adj``: the same products, with no sparse tensor for Dynamo to hold.

Left without a rewrite (no form keeps eager; the findings' messages say what to do by hand):
a ``torch.Generator`` made or reseeded in forward, ``torch.manual_seed`` there (Dynamo cannot
create or reseed a generator in the graph; the draws of a seeded generator are not those of
any traceable op), a hook registered in forward (any submodule call may reach the hooked
module), loops over ``torch.unique`` whose result is one row per class, and outputs whose
size is a count of the data (``nonzero`` rows kept, top-k of a thresholded set).
"""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.fixes import Fixer, Replacement
from torchlint.lint.graph_queries import assignments
from torchlint.lint.semantic.kinds import Kind

from ._shared import module_bindings, numbered, variable_uses
from .repair_session25 import _nodes_in

# The fused kernel (aten's fake_quantize_tensor_cachemask kernels, CPU and CUDA) computes, per
# element, qval = int64(zero_point + nearbyint(x * (1.0f / float(scale)))) in float (in double
# for a double x), the output (clamp(qval, qmin, qmax) - zero_point) * float(scale) rounded once
# to x's dtype, and the gradient grad * (qmin <= qval <= qmax). The helpers below compute the
# product x * inv_scale in float32 (float64 for a double x), round half to even as nearbyint
# does, and the output product in float32, which is what the kernel returns for float32,
# float64, float16 and bfloat16 inputs (checked on torch 2.13, CPU: every value and gradient
# equal, bit for bit, over random values, a dense range and the values half-way between two
# levels, for both overloads). They differ on non-finite inputs: the kernel casts an infinite
# or NaN product to int64, the helpers give qmax / qmin and NaN.
_HELPER = """\
def {name}(
    x: torch.Tensor, scale: {scale}, zero_point: {zero_point}, quant_min: int, quant_max: int
) -> torch.Tensor:
    # torch.fake_quantize_per_tensor_affine in ops that compile with dynamic sizes (its fused
    # kernel has no fake-tensor kernel for them): the same values, computed as the kernel does,
    # and its gradient, 1 where the level is within [quant_min, quant_max] (torchlint fix).
    wide = x.to(torch.promote_types(x.dtype, torch.float32))
    scale_f = {scale_f}
    q = torch.round(wide * scale_f.reciprocal()) + zero_point
    kept = (q >= quant_min) & (q <= quant_max)
    out = ((q.clamp(quant_min, quant_max) - zero_point).float() * scale_f).to(x.dtype)
    return out.detach() + (x - x.detach()) * kept
"""

_FORMS = {
    # scale and zero_point as Python numbers (the float / int overload)
    Kind.CONST: (
        "fake_quantize_per_tensor_affine",
        "float",
        "int",
        "torch.full((), scale, dtype=torch.float32, device=x.device)",
    ),
    # 0-d tensors (the tensor_qparams overload)
    Kind.TENSOR: (
        "fake_quantize_per_tensor_affine_tensor_qparams",
        "torch.Tensor",
        "torch.Tensor",
        "scale.to(torch.float32)",
    ),
}

_FAKE_QUANT_PARAMETERS = ("input", "scale", "zero_point", "quant_min", "quant_max")


class FakeQuantPerTensorInOps(Fixer):
    """TL329 on ``torch.fake_quantize_per_tensor_affine(x, scale, zero_point, qmin, qmax)``
    (positional or keyword arguments; any alias of torch), where the scale and the zero point
    are both Python values (constants, settings kept on ``self``) or both tensors -> a call of
    a helper function the fix adds to the file after its imports (one per overload, reused by
    every call; a helper of that name the file already has with other text gets a numbered
    name). The fused kernel ``aten.fake_quantize_per_tensor_affine_cachemask`` has no
    fake-tensor kernel for symbolic sizes, so ``torch.compile`` fails once it compiles with
    dynamic sizes; the helper's ops (``round``, ``clamp``, arithmetic) have them, and it
    computes what the kernel does in the precision the kernel uses, so the values and the
    straight-through gradient are those of the kernel (see the note above ``_HELPER``).
    Checked on torch 2.13: a QAT stub compiles with fullgraph on two input shapes and no graph
    break, exports, traces and scripts, with eager unchanged. Unsafe: inputs that are infinite
    or NaN quantise differently (the kernel's int64 cast of them), and the helper is slower
    than the fused kernel in eager."""

    codes = ("TL329",)
    applicability = "unsafe"
    message = (
        "compute the fake quantisation with ops that have fake-tensor kernels (a helper with "
        "the kernel's values and straight-through gradient; unsafe: non-finite inputs "
        "quantise differently)"
    )

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        call = diagnostic.node
        if not isinstance(call, cst.Call):
            return None
        if self.ctx.qualified_name(call.func) != "torch.fake_quantize_per_tensor_affine":
            return None
        arguments = self._arguments(call)
        if arguments is None:
            return None
        kinds = {self.kind(arguments["scale"]), self.kind(arguments["zero_point"])}
        if len(kinds) != 1 or next(iter(kinds)) not in _FORMS:
            return None
        base, scale, zero_point, scale_f = _FORMS[next(iter(kinds))]
        torch_name = self.import_module("torch")
        existing = module_bindings(self.ctx.module)
        name, text = base, ""
        for attempt in range(100):
            name = base if attempt == 0 else numbered(base, {base} | existing)
            text = _HELPER.format(
                name=name, scale=scale, zero_point=zero_point, scale_f=scale_f
            ).replace("torch.", f"{torch_name}.")
            if name not in existing or self._defines(name, text):
                break
            existing = existing | {name}
        replacements: list[Replacement] = [(call.func, cst.Name(name))]
        if self._defines(name, text):
            return replacements
        anchor = self._last_import_before(call)
        if anchor is None:
            return None
        helper = cst.parse_module(text).body[0]
        helper = helper.with_changes(leading_lines=[cst.EmptyLine(), cst.EmptyLine()])
        replacements.append((anchor, cst.FlattenSentinel([anchor, helper])))
        return replacements

    def _arguments(self, call: cst.Call) -> Optional[dict[str, cst.BaseExpression]]:
        """The call's five arguments by parameter name; None with a star or an unknown one."""
        found: dict[str, cst.BaseExpression] = {}
        for position, arg in enumerate(call.args):
            if arg.star:
                return None
            if arg.keyword is None:
                if position >= len(_FAKE_QUANT_PARAMETERS):
                    return None
                found[_FAKE_QUANT_PARAMETERS[position]] = arg.value
            elif arg.keyword.value in _FAKE_QUANT_PARAMETERS:
                found[arg.keyword.value] = arg.value
            else:
                return None
        return found if len(found) == len(_FAKE_QUANT_PARAMETERS) else None

    def _defines(self, name: str, text: str) -> bool:
        """The module has, at its top level, a function ``name`` whose text is ``text``."""
        for statement in self.ctx.module.body:
            if isinstance(statement, cst.FunctionDef) and statement.name.value == name:
                return self.code(statement.with_changes(leading_lines=())).strip() == text.strip()
        return False

    def _last_import_before(self, node: cst.CSTNode) -> Optional[cst.SimpleStatementLine]:
        """The last top-level import statement above the top-level statement holding ``node``."""
        body = list(self.ctx.module.body)
        ids = [id(s) for s in body]
        top = next((a for a in self.ancestors(node) if id(a) in ids), None)
        if top is None:
            return None
        last = None
        for statement in body[: ids.index(id(top))]:
            if isinstance(statement, cst.SimpleStatementLine) and all(
                isinstance(s, (cst.Import, cst.ImportFrom)) for s in statement.body
            ):
                last = statement
        return last


# The matrix products that take a dense left operand as they take a sparse one, with the same
# dense result (torch.sparse.mm of two dense matrices is torch.mm; checked on torch 2.13).
_MATMULS = frozenset({"torch.sparse.mm", "torch.mm", "torch.matmul", "torch.spmm"})
_TO_SPARSE = frozenset({"to_sparse", "to_sparse_coo", "to_sparse_csr"})


class DenseOperandOfSparseMatmul(Fixer):
    """TL317 on ``t.to_sparse()`` (``to_sparse_coo()`` / ``to_sparse_csr()``, no arguments) of
    a tensor named by a variable or a ``self`` attribute that the function never changes in
    place, where the sparse tensor is only the left operand of matrix products with a dense
    result (``torch.sparse.mm(a, h)``, ``torch.mm``, ``torch.matmul``, ``a @ h``), used there
    directly or through a name bound once to it -> ``t`` itself: the products of the dense
    matrix are the same numbers (a sum over the same nonzero terms plus exact zeros), and
    ``torch.compile`` has no sparse tensor to hold. Checked on torch 2.13: a graph convolution
    over a 0/1 adjacency compiles with fullgraph and no graph break, eager unchanged. Unsafe:
    the dense product sums in another order (last bits), an infinite or NaN entry of the right
    operand where the adjacency is 0 now reaches the result (0 * inf), the gradient reaching
    the adjacency is no longer masked to its nonzero entries, and the product costs a dense
    matrix multiply."""

    codes = ("TL317",)
    applicability = "unsafe"
    message = (
        "multiply by the dense matrix: its products are the same numbers and compile has no "
        "sparse tensor to hold (unsafe: summation order, 0 * inf, the adjacency's gradient "
        "is no longer masked)"
    )

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        call = diagnostic.node
        if not (isinstance(call, cst.Call) and isinstance(call.func, cst.Attribute)):
            return None
        if call.func.attr.value not in _TO_SPARSE or call.args:
            return None
        dense = call.func.value
        if self.kind(dense) != Kind.TENSOR or not _variable_or_self_attribute(dense):
            return None
        function = self.enclosing_function(call)
        if function is None or self._changed_in_place(function, dense):
            return None
        replacement = dense.with_changes(lpar=call.lpar or dense.lpar, rpar=call.rpar or dense.rpar)
        if self._left_operand(call):
            return [(call, replacement)]
        parent = self.parent(call)
        if not (
            isinstance(parent, cst.Assign)
            and parent.value is call
            and len(parent.targets) == 1
            and isinstance(parent.targets[0].target, cst.Name)
        ):
            return None
        name = parent.targets[0].target.value
        if len(assignments(function, name)) != 1:
            return None
        target = parent.targets[0].target
        uses = [u for u in variable_uses(self, function, name) if u is not target]
        if not uses or not all(self._left_operand(u) for u in uses):
            return None
        return [(call, replacement)]

    def _left_operand(self, node: cst.BaseExpression) -> bool:
        """``node`` is the left operand of a matrix product with a dense result."""
        parent = self.parent(node)
        if isinstance(parent, cst.BinaryOperation):
            return parent.left is node and isinstance(parent.operator, cst.MatrixMultiply)
        if not isinstance(parent, cst.Arg) or parent.keyword is not None or parent.star:
            return False
        product = self.parent(parent)
        return (
            isinstance(product, cst.Call)
            and len(product.args) == 2
            and product.args[0] is parent
            and not product.args[1].keyword
            and not product.args[1].star
            and self.ctx.qualified_name(product.func) in _MATMULS
        )

    def _changed_in_place(self, function: cst.FunctionDef, dense: cst.BaseExpression) -> bool:
        """The function writes into ``dense`` (``t[i] = v``, ``t += v``, ``t.add_(v)``) or
        rebinds it: the sparse copy would then hold the values ``dense`` had before."""
        text = self.code(dense)
        bindings = 0
        for node in _nodes_in(function):
            if isinstance(node, (cst.AssignTarget, cst.AugAssign, cst.AnnAssign)):
                target = node.target
                written = isinstance(target, cst.Subscript) or isinstance(node, cst.AugAssign)
                while isinstance(target, cst.Subscript):
                    target = target.value
                if self.code(target) == text:
                    bindings += 1
                    # a write into it, a second binding, or a `self` attribute set here
                    if written or bindings > 1 or not isinstance(dense, cst.Name):
                        return True
            if (
                isinstance(node, cst.Call)
                and isinstance(node.func, cst.Attribute)
                and node.func.attr.value.endswith("_")
                and not node.func.attr.value.startswith("_")
                and self.code(node.func.value) == text
            ):
                return True
        return False


def _variable_or_self_attribute(node: cst.BaseExpression) -> bool:
    if isinstance(node, cst.Name):
        return True
    return (
        isinstance(node, cst.Attribute)
        and isinstance(node.value, cst.Name)
        and node.value.value == "self"
    )
