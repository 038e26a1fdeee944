"""Facts about TorchScript that rules (TL2xx) and fixers both need: kept here so that neither
package imports the other."""

from __future__ import annotations

from typing import Optional

import libcst as cst

# torch's context-manager decorators -> the module their wrapper function is defined in, and
# the names that module binds to what a model file usually means by them (torch 2.13). The
# wrapper is `functools.wraps`ed: TorchScript compiles the undecorated source (`__wrapped__`)
# but resolves its global names in the wrapper's `__globals__`, that module's.
_CONTEXTLIB = ("torch.utils._contextlib", {"functools", "inspect", "sys", "warnings"})
_AUTOCAST = (
    "torch.amp.autocast_mode",
    {"torch", "functools", "warnings", "collections", "numpy"},
)
CONTEXT_DECORATORS = {
    "torch.no_grad": _CONTEXTLIB,
    "torch.enable_grad": _CONTEXTLIB,
    "torch.inference_mode": _CONTEXTLIB,
    "torch.set_grad_enabled": _CONTEXTLIB,
    "torch.autograd.no_grad": _CONTEXTLIB,
    "torch.autograd.enable_grad": _CONTEXTLIB,
    "torch.autograd.inference_mode": _CONTEXTLIB,
    "torch.autograd.set_grad_enabled": _CONTEXTLIB,
    "torch.autocast": _AUTOCAST,
    "torch.amp.autocast": _AUTOCAST,
    "torch.cuda.amp.autocast": _AUTOCAST,
    "torch.cpu.amp.autocast": _AUTOCAST,
}


def context_decorator(ctx, decorator: cst.Decorator) -> Optional[str]:  # type: ignore[no-untyped-def]
    """The qualified name of a torch context-manager decorator (``@torch.no_grad()``,
    ``@torch.inference_mode``, ``@torch.autocast("cuda")``), or None."""
    spelled = decorator.decorator
    name = ctx.qualified_name(spelled.func if isinstance(spelled, cst.Call) else spelled)
    return name if name in CONTEXT_DECORATORS else None


def shape_expression(node: cst.BaseExpression) -> bool:
    """``x.shape``, ``x.size()``, or a slice of either."""
    if isinstance(node, cst.Subscript) and all(isinstance(e.slice, cst.Slice) for e in node.slice):
        node = node.value
    if isinstance(node, cst.Attribute):
        return node.attr.value == "shape"
    return (
        isinstance(node, cst.Call)
        and not node.args
        and isinstance(node.func, cst.Attribute)
        and node.func.attr.value == "size"
    )


# The `numbers` ABCs -> the builtin types that stand for them in TorchScript.
NUMBER_ABCS = {
    "numbers.Number": ("int", "float", "complex"),
    "numbers.Complex": ("int", "float", "complex"),
    "numbers.Real": ("int", "float"),
    "numbers.Integral": ("int",),
}
