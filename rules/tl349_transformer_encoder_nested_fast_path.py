"""TL349: an `nn.TransformerEncoder` with a key padding mask that eager runs on its
nested-tensor fast path, in graph code."""

from __future__ import annotations

import libcst as cst

from torchlint.lint.context import LintContext
from torchlint.lint.graph_queries import (
    argument,
    assignments,
    is_none,
    self_assignments,
    self_attribute,
)
from torchlint.lint.rule import Invalid, Rule, Valid
from torchlint.lint.walk import top_level_definition, walk

ENCODER = "torch.nn.TransformerEncoder"
LAYER = "torch.nn.TransformerEncoderLayer"
# The activations the fast path runs (`activation_relu_or_gelu`).
FAST_ACTIVATIONS = frozenset({"torch.nn.functional.relu", "torch.nn.functional.gelu"})
NO_GRAD = frozenset({"torch.no_grad", "torch.inference_mode"})


class TransformerEncoderNestedFastPath(Rule):
    """Flags `self.encoder(x, src_key_padding_mask=pad)` of a frozen `nn.TransformerEncoder`
    that eager runs on its nested-tensor fast path, in graph code.

    ## What it does
    Finds calls in graph code of an `nn.TransformerEncoder` held on `self` and built in the
    class's `__init__`, given a `src_key_padding_mask` and no `mask`, when eager takes the
    encoder's sparsity fast path in eval mode: the encoder keeps `enable_nested_tensor` on
    (the default), its layer is an `nn.TransformerEncoderLayer` with `batch_first=True`, an
    even `nhead`, `norm_first` off, biases, and a ReLU or GELU activation (what the encoder's
    `__init__` checks), and no gradient is recorded: the class's `__init__` freezes the whole
    module (`self.requires_grad_(False)`, or `requires_grad = False` on every parameter of
    `self.parameters()`), or the call runs under `torch.no_grad()` / `torch.inference_mode()`
    (a `with` or a decorator). A trainable encoder is not flagged: with gradients on, eager
    takes the regular path too.

    ## Why is this bad?
    Checked with torch 2.13: in eval mode with no gradient, eager turns the padded batch into a
    nested tensor (`torch._nested_tensor_from_mask`), runs the layers on the real tokens only
    and pads the output back with zeros: the outputs at padded positions are 0. Under
    `torch.compile` the encoder skips that path (its mask check is off while compiling) and the
    padded positions get the regular path's values, so the compiled module's output differs
    from eager's at every padded position, without an error. `torch.export` records the
    regular path too, and its output differs the same way.

    ## Example
    ```python
    class Tagger(nn.Module):
        def __init__(self):
            super().__init__()
            layer = nn.TransformerEncoderLayer(64, 4, batch_first=True)
            self.encoder = nn.TransformerEncoder(layer, num_layers=2)
            self.requires_grad_(False)

        def forward(self, x, pad):
            return self.encoder(x, src_key_padding_mask=pad)
    ```
    Use instead: `nn.TransformerEncoder(layer, 2, enable_nested_tensor=False)`, so eager
    computes the padded positions as the converted module does, or zero them yourself after
    the call (`out.masked_fill(pad[..., None], 0.0)`) so every back-end returns eager's values.

    A call whose output is zeroed at once at the same mask
    (`self.encoder(x, src_key_padding_mask=pad).masked_fill(pad.unsqueeze(-1), 0.0)`) is not
    flagged: every back-end returns the same there.

    ## Fix safety
    An unsafe fix (`--unsafe-fixes`, fixers/repair_session20.py) zeroes the padded positions
    after the call, for an encoder with no final norm and a mask bound once by a comparison:
    eager's fast-path output is unchanged, but where eager takes the regular path (training
    mode, gradients on) the padded positions now hold 0.
    """

    code = "TL349"
    name = "transformer-encoder-nested-fast-path"
    subject = "a frozen nn.TransformerEncoder given a key padding mask"
    clauses = {
        "compile": (
            "eager (eval mode, no gradient) runs the nested-tensor fast path and fills the "
            "padded positions with zeros (before the encoder's final norm, if any); "
            "torch.compile takes the regular path, so the compiled module's output differs "
            "from eager's there"
        ),
        "export": (
            "torch.export records the regular path, so the exported module's output differs "
            "from eager's at padded positions"
        ),
    }
    advice = (
        "build the encoder with `enable_nested_tensor=False`, or zero the padded positions "
        "after the call (`out.masked_fill(pad[..., None], 0.0)`)"
    )
    targets = ("compile", "export")

    VALID = [
        # The nested-tensor path turned off: every back-end computes the padded positions.
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    block = nn.TransformerEncoderLayer(8, 2, 16, dropout=0.0, batch_first=True)
                    self.body = nn.TransformerEncoder(block, 1, enable_nested_tensor=False)
                    self.requires_grad_(False)

                def forward(self, x):
                    pad = x[..., 0] > 1.0
                    return self.body(x, src_key_padding_mask=pad)

            def inputs():
                x = torch.randn(3, 5, 8)
                x[1, 3:, 0] = 2.0
                return [(x,), (torch.randn(2, 7, 8),)]
            """
        ),
    ]
    INVALID = [
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    block = nn.TransformerEncoderLayer(8, 2, 16, dropout=0.0, batch_first=True)
                    self.body = nn.TransformerEncoder(block, 1)

                @torch.no_grad()
                def forward(self, x):
                    pad = torch.arange(x.shape[1]) >= x.shape[1] - 2
                    return self.body(x, None, pad.expand(x.shape[0], -1))

            def inputs():
                return [(torch.randn(3, 5, 8),), (torch.randn(2, 7, 8),)]
            """,
            line=13,
        ),
    ]

    def __init__(self, ctx: LintContext) -> None:
        super().__init__(ctx)
        self._no_grad = 0
        # Encoder calls whose output the enclosing call zeroes at the padded positions.
        self._zeroed: set[int] = set()

    def visit_With(self, node: cst.With) -> None:
        if any(self._no_grad_call(item.item) for item in node.items):
            self._no_grad += 1

    def leave_With(self, original_node: cst.With) -> None:
        if any(self._no_grad_call(item.item) for item in original_node.items):
            self._no_grad -= 1

    def _no_grad_call(self, expr: cst.BaseExpression) -> bool:
        return isinstance(expr, cst.Call) and self.ctx.qualified_name(expr.func) in NO_GRAD

    def visit_Call(self, node: cst.Call) -> None:
        if not self.ctx.in_graph or any(arg.star for arg in node.args):
            return
        zeroed = _zeroed_call(node)
        if zeroed is not None:
            self._zeroed.add(id(zeroed))
        if id(node) in self._zeroed:
            return
        attr = self_attribute(node.func)
        info = self.ctx.function_info
        if attr is None or info is None or not info.owner_class:
            return
        padding = argument(node, "src_key_padding_mask", 2)
        mask = argument(node, "mask", 1)
        if padding is None or is_none(padding.value):
            return
        if mask is not None and not is_none(mask.value):
            return
        owner = info.owner_class.removeprefix(self.ctx.model.summary.module + ".")
        init = top_level_definition(self.ctx.module, f"{owner}.__init__")
        if not isinstance(init, cst.FunctionDef):
            return
        built = self_assignments(init, attr)
        if len(built) != 1 or not isinstance(built[0], cst.Call):
            return
        if not self._fast_encoder(init, built[0]):
            return
        if not (self._no_grad or self._decorated_no_grad() or _frozen(init)):
            return
        self.report(node)

    def _decorated_no_grad(self) -> bool:
        function = self.ctx.function
        if function is None:
            return False
        for decorator in function.decorators:
            expr = decorator.decorator
            if isinstance(expr, cst.Call):
                expr = expr.func
            if self.ctx.qualified_name(expr) in NO_GRAD:
                return True
        return False

    def _fast_encoder(self, init: cst.FunctionDef, call: cst.Call) -> bool:
        """An ``nn.TransformerEncoder`` whose ``__init__`` keeps ``use_nested_tensor`` on."""
        if self.ctx.qualified_name(call.func) != ENCODER or any(a.star for a in call.args):
            return False
        for name, position in (("enable_nested_tensor", 3), ("mask_check", 4)):
            given = argument(call, name, position)
            if given is not None and not _literal(given.value, "True"):
                return False
        layer_arg = argument(call, "encoder_layer", 0)
        if layer_arg is None:
            return False
        layer = layer_arg.value
        if isinstance(layer, cst.Name):
            bound = assignments(init, layer.value)
            if len(bound) != 1 or bound[0][1:] != (0, 1):
                return False
            layer = bound[0][0]
        return isinstance(layer, cst.Call) and self._fast_layer(layer)

    def _fast_layer(self, call: cst.Call) -> bool:
        """An ``nn.TransformerEncoderLayer`` the encoder's fast-path checks accept."""
        if self.ctx.qualified_name(call.func) != LAYER or any(a.star for a in call.args):
            return False
        heads = argument(call, "nhead", 1)
        if heads is None or not isinstance(heads.value, cst.Integer):
            return False
        if int(heads.value.value, 0) % 2 == 1:
            return False
        batch_first = argument(call, "batch_first", 6)
        if batch_first is None or not _literal(batch_first.value, "True"):
            return False
        norm_first = argument(call, "norm_first", 7)
        if norm_first is not None and not _literal(norm_first.value, "False"):
            return False
        bias = argument(call, "bias", 8)
        if bias is not None and not _literal(bias.value, "True"):
            return False
        activation = argument(call, "activation", 4)
        if activation is None:
            return True
        value = activation.value
        if isinstance(value, cst.SimpleString):
            return value.evaluated_value in ("relu", "gelu")
        return self.ctx.qualified_name(value) in FAST_ACTIVATIONS


def _literal(expr: cst.BaseExpression, name: str) -> bool:
    return isinstance(expr, cst.Name) and expr.value == name


def _frozen(init: cst.FunctionDef) -> bool:
    """Whether ``__init__`` freezes the whole module: ``self.requires_grad_(False)``, or
    ``for p in self.parameters(): p.requires_grad = False`` (or ``p.requires_grad_(False)``)."""
    found = False

    def enter(node: cst.CSTNode) -> None:
        nonlocal found
        if isinstance(node, cst.Call) and _requires_grad_off(node, "self"):
            found = True
        elif (
            isinstance(node, cst.For)
            and isinstance(node.target, cst.Name)
            and isinstance(node.iter, cst.Call)
            and isinstance(node.iter.func, cst.Attribute)
            and node.iter.func.attr.value == "parameters"
            and isinstance(node.iter.func.value, cst.Name)
            and node.iter.func.value.value == "self"
            and _body_turns_off(node.body, node.target.value)
        ):
            found = True

    walk(init, enter, lambda _: None)
    return found


def _requires_grad_off(call: cst.Call, owner: str) -> bool:
    """``<owner>.requires_grad_(False)``."""
    func = call.func
    return (
        isinstance(func, cst.Attribute)
        and func.attr.value == "requires_grad_"
        and isinstance(func.value, cst.Name)
        and func.value.value == owner
        and len(call.args) == 1
        and _literal(call.args[0].value, "False")
    )


def _body_turns_off(body: cst.BaseSuite, name: str) -> bool:
    """A loop body that is ``p.requires_grad = False`` or ``p.requires_grad_(False)``."""
    statements = body.body if isinstance(body, cst.IndentedBlock) else [body]
    for statement in statements:
        if not isinstance(statement, cst.SimpleStatementLine):
            return False
        for small in statement.body:
            if isinstance(small, cst.Expr) and isinstance(small.value, cst.Call):
                if _requires_grad_off(small.value, name):
                    return True
            elif isinstance(small, cst.Assign):
                target = small.targets[0].target
                if (
                    len(small.targets) == 1
                    and isinstance(target, cst.Attribute)
                    and target.attr.value == "requires_grad"
                    and isinstance(target.value, cst.Name)
                    and target.value.value == name
                    and _literal(small.value, "False")
                ):
                    return True
    return False


def _zeroed_call(node: cst.Call) -> cst.Call | None:
    """``inner`` of ``inner.masked_fill(pad.unsqueeze(-1), 0.0)`` (or ``pad[..., None]``) where
    ``inner`` is a call given ``src_key_padding_mask=pad``, the same name."""
    func = node.func
    if not (
        isinstance(func, cst.Attribute)
        and func.attr.value == "masked_fill"
        and isinstance(func.value, cst.Call)
        and len(node.args) == 2
        and isinstance(node.args[1].value, (cst.Float, cst.Integer))
        and float(node.args[1].value.value) == 0.0
    ):
        return None
    padding = argument(func.value, "src_key_padding_mask", 2)
    if padding is None or not isinstance(padding.value, cst.Name):
        return None
    mask = node.args[0].value
    if (
        isinstance(mask, cst.Call)
        and isinstance(mask.func, cst.Attribute)
        and mask.func.attr.value == "unsqueeze"
        and len(mask.args) == 1
        and isinstance(mask.args[0].value, cst.UnaryOperation)
        and isinstance(mask.args[0].value.expression, cst.Integer)
        and mask.args[0].value.expression.value == "1"
    ):
        base = mask.func.value
    elif isinstance(mask, cst.Subscript) and len(mask.slice) == 2:
        base = mask.value
    else:
        return None
    return func.value if isinstance(base, cst.Name) and base.value == padding.value.value else None
