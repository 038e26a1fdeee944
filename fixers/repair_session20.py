"""Repairs for findings torchlint reported without a fix (issue #23, session 20).

``CovarianceInTensorOps`` (TL338, unsafe): ``torch.cov(x)`` / ``x.cov()`` -> the covariance in
tensor operations, ``(d @ d.mT.conj() / (n - correction)).squeeze()`` with ``d`` the rows of
``torch.atleast_2d(x)`` less their means and ``n`` their length; ``torch.corrcoef(x)`` /
``x.corrcoef()`` -> ``(u @ u.mT.conj()).clip(-1, 1).squeeze()`` with ``u`` the centred rows
scaled to unit norm (``F.normalize(..., eps=0.0)``). Torch 2.13's ``cov`` and ``corrcoef``
compare the data (``aten.equal``) to decide how to normalise, so ``torch.compile(fullgraph=True)``
raises, plain compile breaks the graph and ``torch.export`` fails; the mean, matmul and division
trace, compile and export as they are. ``cov``'s values are the same bits as torch's wherever
there are more observations than ``correction`` (checked on torch 2.13 for float32 and float64,
1-D and 2-D inputs, one variable included: both give a 0-d tensor). Unsafe all the same:
``corrcoef`` divides in another order (last-bit differences); with ``correction`` or fewer
observations torch clamps the divisor to 0 (inf / NaN, and a warning) where the formula divides
by ``n - correction`` (negative values, NaN for none at all); an integer input, which torch
converts to the default float dtype, now raises in ``mean``. Only where ``x`` is a name or an
attribute chain (read four times, with no side effect) and no weights are given (``cov``'s
``correction`` only as an int literal).

``EncoderPaddingZeroed`` (TL349, unsafe): ``self.encoder(x, src_key_padding_mask=pad)`` ->
``self.encoder(x, src_key_padding_mask=pad).masked_fill(pad.unsqueeze(-1), 0.0)``. Eager (eval
mode, no gradient) runs the encoder's nested-tensor fast path, which pads the output back with
zeros at the padded positions; compile and export take the regular path and compute values
there (torch 2.13). Zeroing those positions after the call makes every back-end return what
eager's fast path returns, and leaves that eager output unchanged: the fast path's padded
positions are already 0. Only where the encoder is built in ``__init__`` with no ``norm`` (a
final norm runs after the padding, so the positions hold ``norm(0)``, not 0), the layer is
``batch_first`` (the rule's condition; the output is (batch, seq, feature) like the mask's
(batch, seq) plus one dimension) and the mask is a local name bound once, by a comparison (a
boolean tensor: ``masked_fill`` needs one, and the name reads the same mask twice). Unsafe: where
eager does not take the fast path (training mode, gradients on, a mask whose padding is not at
the end of each row) the padded positions held the regular path's values and are now 0.

``ReturnedNumberToTensor`` (TL102, TL103, unsafe): ``return float(t)`` (``int(t)``,
``t.item()``) in a helper -> ``return t.detach().float()`` (what ``NumberToTensor`` writes, with
its safety: fixers/scalar_to_tensor.py), with a ``-> float`` / ``-> int`` return annotation
made ``-> torch.Tensor``. ``NumberToTensor`` leaves a returned number alone, since a return
value can go anywhere; here every use of the helper in this file is followed instead: a
``@property`` or plain method read only as ``self.<name>`` (``self.<name>()``) by methods of its
class, or a module-level function only called by name, with that one ``return``, and every
use must take a 0-d tensor where it took the number (arithmetic or a comparison with a tensor,
a size or value argument, ...: scalar_to_tensor's list). Then compile and export see tensor
operations and no data-dependent number. Unsafe as ``NumberToTensor`` is, and more: a caller in
another file (or ``getattr``) now gets a 0-d tensor, not a number.
"""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.fixes import Fixer, Replacement
from torchlint.lint.graph_queries import (
    argument,
    assignments,
    is_none,
    self_assignments,
    self_attribute,
)
from torchlint.lint.walk import top_level_definition

from ._shared import plain_reference, self_class
from .scalar_to_tensor import NumberToTensor, _Flow, _method, _operand

_COV = {"torch.cov": "cov", "torch.corrcoef": "corrcoef"}
# Methods of a boolean-valued comparison of tensors.
_COMPARISON_METHODS = frozenset(
    {"eq", "ne", "lt", "le", "gt", "ge", "logical_not", "logical_and", "logical_or", "isnan",
     "isinf", "isfinite", "isclose", "bool"}
)  # fmt: skip


# -- torch.cov / torch.corrcoef ---------------------------------------------------------------
class CovarianceInTensorOps(Fixer):
    codes = ("TL338",)
    applicability = "unsafe"
    message = "compute the covariance / correlation with tensor operations"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        call = diagnostic.node
        if not isinstance(call, cst.Call) or any(a.star for a in call.args):
            return None
        name = self.ctx.qualified_name(call.func)
        if name in _COV:
            which = _COV[name]
            if not call.args or call.args[0].keyword is not None:
                return None
            data, rest = call.args[0].value, list(call.args[1:])
        elif (
            isinstance(call.func, cst.Attribute)
            and call.func.attr.value in ("cov", "corrcoef")
            and name is None
        ):
            which = call.func.attr.value
            data, rest = call.func.value, list(call.args)
        else:
            return None
        if not plain_reference(data):
            return None
        correction = "1"
        for arg in rest:
            if (
                which == "cov"
                and arg.keyword is not None
                and arg.keyword.value == "correction"
                and isinstance(arg.value, cst.Integer)
            ):
                correction = arg.value.value
            else:
                return None  # weights, or a correction that is not a literal
        torch = self.import_module("torch")
        rows = f"{torch}.atleast_2d({self.code(data)})"
        centred = f"{rows} - {rows}.mean(1, keepdim=True)"
        if which == "cov":
            text = f"(({centred}) @ ({centred}).mT.conj() / ({rows}.shape[1] - {correction})).squeeze()"
        else:
            unit = f"{torch}.nn.functional.normalize({centred}, dim=1, eps=0.0)"
            text = f"({unit} @ {unit}.mT.conj()).clip(-1, 1).squeeze()"
        return [(call, cst.parse_expression(text))]


# -- nn.TransformerEncoder's fast path ----------------------------------------------------------
class EncoderPaddingZeroed(Fixer):
    codes = ("TL349",)
    applicability = "unsafe"
    message = "zero the padded positions of the encoder's output, as eager's fast path does"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        call = diagnostic.node
        if not isinstance(call, cst.Call):
            return None
        attr = self_attribute(call.func)
        padding = argument(call, "src_key_padding_mask", 2)
        function = self.enclosing_function(call)
        if attr is None or padding is None or function is None:
            return None
        mask = padding.value
        if not isinstance(mask, cst.Name) or not self._boolean_local(function, mask.value):
            return None
        if not self._built_without_norm(call, attr):
            return None
        if self._zeroed_already(call, mask.value):
            return None
        text = f"{self.code(call)}.masked_fill({mask.value}.unsqueeze(-1), 0.0)"
        return [(call, cst.parse_expression(text))]

    def _zeroed_already(self, call: cst.Call, mask: str) -> bool:
        """The output is already zeroed by this fix (TL349 still names the call)."""
        method = self.parent(call)
        outer = self.parent(method) if isinstance(method, cst.Attribute) else None
        return (
            isinstance(method, cst.Attribute)
            and method.attr.value == "masked_fill"
            and isinstance(outer, cst.Call)
            and len(outer.args) == 2
            and self.code(outer.args[0].value) == f"{mask}.unsqueeze(-1)"
        )

    def _boolean_local(self, function: cst.FunctionDef, name: str) -> bool:
        """``name`` is bound once in ``function``, by a comparison (not a parameter)."""
        params = function.params
        every = [*params.posonly_params, *params.params, *params.kwonly_params]
        if any(p.name.value == name for p in every):
            return False
        bound = assignments(function, name)
        if len(bound) != 1 or bound[0][1:] != (0, 1):
            return False
        value = bound[0][0]
        while isinstance(value, cst.UnaryOperation) and isinstance(value.operator, cst.BitInvert):
            value = value.expression
        if isinstance(value, cst.Comparison):
            return all(
                not isinstance(t.operator, (cst.In, cst.NotIn, cst.Is, cst.IsNot))
                for t in value.comparisons
            )
        return (
            isinstance(value, cst.Call)
            and isinstance(value.func, cst.Attribute)
            and value.func.attr.value in _COMPARISON_METHODS
            and self.ctx.qualified_name(value.func) is None
        )

    def _built_without_norm(self, call: cst.Call, attr: str) -> bool:
        """The class's ``__init__`` binds ``self.<attr>`` once, to an ``nn.TransformerEncoder``
        given no ``norm``."""
        owner = None
        for ancestor in self.ancestors(call):
            if isinstance(ancestor, cst.ClassDef):
                owner = ancestor.name.value
                break
        if owner is None:
            return False
        init = top_level_definition(self.ctx.module, f"{owner}.__init__")
        if not isinstance(init, cst.FunctionDef):
            return False
        built = self_assignments(init, attr)
        if len(built) != 1 or not isinstance(built[0], cst.Call):
            return False
        encoder = built[0]
        if self.ctx.qualified_name(encoder.func) != "torch.nn.TransformerEncoder":
            return False
        if any(a.star for a in encoder.args):
            return False
        norm = argument(encoder, "norm", 2)
        return norm is None or is_none(norm.value)


# -- a number returned by a helper --------------------------------------------------------------
class ReturnedNumberToTensor(NumberToTensor):
    codes = ("TL102", "TL103")
    message = "return the 0-d tensor instead of a Python number: every use takes a tensor"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        call = diagnostic.node
        if not isinstance(call, cst.Call) or call.lpar:
            return None
        returned = self.parent(call)
        function = self.enclosing_function(call)
        if not isinstance(returned, cst.Return) or function is None:
            return None
        conversion = self._conversion(call)
        if conversion is None or _returns(function) != [returned]:
            return None
        if function.asynchronous is not None:
            return None
        uses = self._uses(function)
        if not uses:
            return None
        flow = _Flow()
        if not all(self._value_flows(use, flow) for use in uses):
            return None
        if flow.slices:
            return None  # a slice bound wants an int: NumberToTensor's care is not repeated here
        tensor, cast = conversion
        value: cst.BaseExpression = _operand(tensor)
        if cast != "int":
            value = _method(value, "detach")
        if not self._zero_dim(tensor):
            value = _method(value, "reshape", cst.Tuple([]))
        if cast == "float":
            value = _method(value, "float")
        elif cast == "int" and not self._integer(tensor):
            value = _method(value, "long")
        replacements: list[Replacement] = [(call, value)]
        annotation = function.returns
        if annotation is not None:
            if not (
                isinstance(annotation.annotation, cst.Name)
                and annotation.annotation.value in ("float", "int")
            ):
                return None
            torch = self.import_module("torch")
            replacements.append((annotation.annotation, cst.parse_expression(f"{torch}.Tensor")))
        return self._with_rewrites(replacements, flow)

    def _uses(self, function: cst.FunctionDef) -> Optional[list[cst.BaseExpression]]:
        """The expressions that give the helper's result: ``self.<name>`` of a property,
        ``self.<name>()`` of a method, ``<name>(...)`` of a module-level function; None where
        the name is read any other way in the file."""
        name = function.name.value
        holder = self.parent(function)
        holder = self.parent(holder) if isinstance(holder, cst.IndentedBlock) else holder
        decorators = [d.decorator for d in function.decorators]
        found: list[cst.BaseExpression] = []
        if isinstance(holder, cst.ClassDef):
            params = function.params
            if not isinstance(params.star_arg, cst.MaybeSentinel) or params.kwonly_params:
                return None
            if params.star_kwarg is not None:
                return None
            positional = [*params.posonly_params, *params.params]
            prop = len(decorators) == 1 and _is_name(decorators[0], "property")
            if decorators and not prop:
                return None
            if len(positional) != 1:
                return None  # self only: no argument flows in
            owner = self_class(self, function.body)
            for node in _attributes_named(self.ctx.module, name):
                if not (isinstance(node.value, cst.Name) and node.value.value == "self"):
                    return None
                if owner is None or self_class(self, node) != owner:
                    return None
                parent = self.parent(node)
                if prop:
                    if isinstance(parent, cst.Call) and parent.func is node:
                        return None
                    if isinstance(parent, (cst.AssignTarget, cst.AugAssign, cst.Del)):
                        return None
                    found.append(node)
                elif isinstance(parent, cst.Call) and parent.func is node and not parent.args:
                    found.append(parent)
                else:
                    return None
            return found
        if not isinstance(holder, cst.Module) or decorators:
            return None
        for node in _names(self.ctx.module, name):
            if node is function.name:
                continue
            parent = self.parent(node)
            if not (isinstance(parent, cst.Call) and parent.func is node):
                return None
            found.append(parent)
        if any(isinstance(a, cst.Attribute) for a in _attributes_named(self.ctx.module, name)):
            return None  # `module.name(...)`, `obj.name`: not followed
        return found


def _is_name(node: cst.BaseExpression, value: str) -> bool:
    return isinstance(node, cst.Name) and node.value == value


def _returns(function: cst.FunctionDef) -> list[cst.Return]:
    """The ``return`` statements of ``function``, not of functions or lambdas nested in it."""
    found: list[cst.Return] = []

    class Visitor(cst.CSTVisitor):
        def visit_FunctionDef(self, node: cst.FunctionDef) -> bool:
            return node is function

        def visit_Lambda(self, node: cst.Lambda) -> bool:
            return False

        def visit_Return(self, node: cst.Return) -> None:
            found.append(node)

        def visit_Yield(self, node: cst.Yield) -> None:
            found.append(cst.Return())  # a generator: not a plain return

    function.visit(Visitor())
    return found


def _attributes_named(module: cst.Module, name: str) -> list[cst.Attribute]:
    found: list[cst.Attribute] = []

    class Visitor(cst.CSTVisitor):
        def visit_Attribute(self, node: cst.Attribute) -> None:
            if node.attr.value == name:
                found.append(node)

    module.visit(Visitor())
    return found


def _names(module: cst.Module, name: str) -> list[cst.Name]:
    found: list[cst.Name] = []

    class Visitor(cst.CSTVisitor):
        def visit_Attribute(self, node: cst.Attribute) -> bool:
            node.value.visit(self)
            return False  # the attribute's own name is no read of `name`

        def visit_Name(self, node: cst.Name) -> None:
            if node.value == name:
                found.append(node)

    module.visit(Visitor())
    return found
