"""TL209: ``super().forward(x)`` in a subclass of a torch layer -> what that layer's ``forward``
computes, spelled so TorchScript compiles it (safe).

TorchScript has no ``super()`` (torch 2.13: "'Tensor' object has no attribute or method
'forward'"). For a class whose one base is one of the layers below, ``super().forward(...)``
(or ``super(Cls, self).forward(...)``) becomes the expression torch 2.13's own ``forward`` of
that layer returns, with the call's arguments in its inputs' place:

- ``nn.Linear``: ``F.linear(x, self.weight, self.bias)``; ``nn.Bilinear``: ``F.bilinear(a, b,
  self.weight, self.bias)``
- ``nn.Conv1d`` / ``nn.Conv2d`` / ``nn.Conv3d``: ``self._conv_forward(x, self.weight,
  self.bias)`` (padding modes included)
- ``nn.LayerNorm``: ``F.layer_norm(x, self.normalized_shape, self.weight, self.bias,
  self.eps)``; ``nn.GroupNorm``: ``F.group_norm(x, self.num_groups, self.weight, self.bias,
  self.eps)``; ``nn.RMSNorm``: ``F.rms_norm(x, self.normalized_shape, self.weight, self.eps)``
- ``nn.Embedding``: ``F.embedding(x, self.weight, self.padding_idx, self.max_norm,
  self.norm_type, self.scale_grad_by_freq, self.sparse)``
- ``nn.Dropout``: ``F.dropout(x, self.p, self.training, self.inplace)``

Checked on torch 2.13: each scripts, and equals eager bit for bit (``torch.equal``). Only a
direct torch base counts: a project base's ``forward`` is the project's own code, and a class
with several bases may resolve ``super()`` elsewhere. Only positional arguments, one per input
of the layer's ``forward``, and ``self`` the method's first parameter.

Safe: the replacement is, word for word, the body of the torch ``forward`` that ``super()``
called (which reads the same attributes, through the same ``self``, so overridden attributes
or an overridden ``_conv_forward`` are seen the same way), so eager, trace, torch.compile and
torch.export compute exactly what they did, and TorchScript now compiles it. Module hooks are
not involved either way: ``super().forward`` never ran them.
"""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.fixes import Fixer, Replacement

# Torch layer -> (number of inputs, the forward's expression: ``{F}`` the functional module,
# ``{self}`` the instance, ``{0}``, ``{1}`` the inputs).
FORWARDS = {
    "torch.nn.Linear": (1, "{F}.linear({0}, {self}.weight, {self}.bias)"),
    "torch.nn.Bilinear": (2, "{F}.bilinear({0}, {1}, {self}.weight, {self}.bias)"),
    "torch.nn.Conv1d": (1, "{self}._conv_forward({0}, {self}.weight, {self}.bias)"),
    "torch.nn.Conv2d": (1, "{self}._conv_forward({0}, {self}.weight, {self}.bias)"),
    "torch.nn.Conv3d": (1, "{self}._conv_forward({0}, {self}.weight, {self}.bias)"),
    "torch.nn.LayerNorm": (
        1,
        "{F}.layer_norm({0}, {self}.normalized_shape, {self}.weight, {self}.bias, {self}.eps)",
    ),
    "torch.nn.GroupNorm": (
        1,
        "{F}.group_norm({0}, {self}.num_groups, {self}.weight, {self}.bias, {self}.eps)",
    ),
    "torch.nn.RMSNorm": (
        1,
        "{F}.rms_norm({0}, {self}.normalized_shape, {self}.weight, {self}.eps)",
    ),
    "torch.nn.Embedding": (
        1,
        "{F}.embedding({0}, {self}.weight, {self}.padding_idx, {self}.max_norm, "
        "{self}.norm_type, {self}.scale_grad_by_freq, {self}.sparse)",
    ),
    "torch.nn.Dropout": (1, "{F}.dropout({0}, {self}.p, {self}.training, {self}.inplace)"),
}
# The same classes under the module paths torch defines them in.
_DEFINED_IN = {
    "torch.nn.modules.linear.": ("Linear", "Bilinear"),
    "torch.nn.modules.conv.": ("Conv1d", "Conv2d", "Conv3d"),
    "torch.nn.modules.normalization.": ("LayerNorm", "GroupNorm", "RMSNorm"),
    "torch.nn.modules.sparse.": ("Embedding",),
    "torch.nn.modules.dropout.": ("Dropout",),
}
for _path, _names in _DEFINED_IN.items():
    FORWARDS.update({_path + name: FORWARDS[f"torch.nn.{name}"] for name in _names})


class InlineSuperForward(Fixer):
    codes = ("TL209",)
    applicability = "safe"
    message = "spell out what the torch layer's `forward` computes (TorchScript has no `super()`)"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        call = diagnostic.node
        if not isinstance(call, cst.Call) or not isinstance(call.func, cst.Attribute):
            return None
        if call.func.attr.value != "forward" or not isinstance(call.func.value, cst.Call):
            return None
        method = self.enclosing_function(call)
        owner = self.parent(self.parent(method)) if method is not None else None
        if method is None or not isinstance(owner, cst.ClassDef):
            return None
        instance = _first_parameter(method)
        if instance is None or not self._plain_super(call.func.value, owner, instance):
            return None
        bases = [arg for arg in owner.bases if arg.keyword is None]
        if len(bases) != 1 or bases[0].star:
            return None
        found = FORWARDS.get(self.ctx.qualified_name(bases[0].value) or "")
        if found is None:
            return None
        count, template = found
        args = call.args
        if len(args) != count or any(a.keyword is not None or a.star for a in args):
            return None
        inputs = [self.code(a.value).strip() for a in args]
        functional = self.import_module("torch.nn.functional")
        text = template.format(*inputs, F=functional, self=instance)
        return [(call, cst.parse_expression(text))]

    def _plain_super(self, call: cst.Call, owner: cst.ClassDef, instance: str) -> bool:
        """``super()`` or ``super(Owner, self)``, the builtin."""
        if self.ctx.qualified_name(call.func) != "builtins.super":
            return False
        if not call.args:
            return True
        if len(call.args) != 2 or any(a.keyword is not None or a.star for a in call.args):
            return False
        cls, obj = (a.value for a in call.args)
        return (
            isinstance(cls, cst.Name)
            and cls.value == owner.name.value
            and isinstance(obj, cst.Name)
            and obj.value == instance
        )


def _first_parameter(method: cst.FunctionDef) -> Optional[str]:
    """The instance's name: the first positional parameter of a plain method."""
    if method.decorators:
        return None
    params = [*method.params.posonly_params, *method.params.params]
    return params[0].name.value if params else None
