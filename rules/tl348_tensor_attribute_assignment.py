"""TL348: assigning a tensor attribute Dynamo refuses to set (`t.real = ...`) in graph code."""

from __future__ import annotations

from collections.abc import Iterator

import libcst as cst

from torchlint.lint.diagnostics import Message
from torchlint.lint.dynamo_tables import tensor_setattr_refused
from torchlint.lint.rule import Invalid, Rule, Valid
from torchlint.lint.semantic.kinds import Kind

# TL318 reports `t.requires_grad = ...` (its own graph-break type).
REPORTED_ELSEWHERE = frozenset({"requires_grad"})


class TensorAttributeAssignment(Rule):
    """Flags `c.real = a`, `c.imag *= -1` and the other tensor attributes Dynamo refuses to set,
    in graph code.

    ## What it does
    Finds assignments in graph code (plain, augmented, or one element of a tuple target) to an
    attribute of a tensor that Dynamo refuses to set on any tensor: `real` and `imag` of a
    complex tensor (filling a complex result from its two parts, conjugating a spectrum in
    place with `spec.imag *= -1`), and the others a table generated from torch lists
    (`benchmarks/dynamo_tables.py` sets each public attribute that `torch.Tensor` defines as a
    C get-set descriptor, in compiled code, on an input and on a tensor made there).
    `t.requires_grad = ...` is TL318's. Reading `t.real` is not flagged.

    ## Why is this bad?
    Checked with torch 2.13: `torch.compile(fullgraph=True)` raises ("Failed to set tensor
    attribute": Dynamo does not support the special setters of these attributes) and plain
    `torch.compile` breaks the graph there. An augmented assignment sets the attribute too
    (`x.imag *= -1` reads `x.imag`, multiplies it in place, then assigns it back). Export and
    trace run the setter and record the in-place copy.

    ## Example
    ```python
    def complex_matmul(a, b):
        real = a.real @ b.real - a.imag @ b.imag
        imag = a.imag @ b.real + a.real @ b.imag
        c = torch.zeros(real.shape, dtype=torch.complex64)
        c.real, c.imag = real, imag
        return c
    ```
    Use instead: `c = torch.complex(real, imag)`; for `x.imag *= -1`, `x = x.conj()` (or
    `x.imag.mul_(-1)`, an in-place op on the view that Dynamo traces).

    ## Fix safety
    Safe fix for `real` / `imag`: `c.real = a` -> `c.real.copy_(a)` (a tuple target of parts
    with plain names as values: one copy per part), `x.imag *= -1` -> `x.imag.mul_(-1)`. The
    setter copies into the part's view, so eager is unchanged; compile, export, script and
    trace all accept the in-place copy (torch 2.13).
    """

    code = "TL348"
    name = "tensor-attribute-assignment"
    subject = "a tensor attribute Dynamo refuses to set, assigned in graph code"
    clauses = {
        "compile": (
            "torch.compile(fullgraph=True) raises and plain torch.compile breaks the graph here "
            "(Failed to set tensor attribute)"
        ),
    }
    advice = "build the tensor from its parts (`torch.complex(real, imag)`) or use `x.conj()`"
    targets = ("compile",)

    VALID = [
        # Reading the parts, building the result with torch.complex, and conjugating.
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    spec = torch.fft.rfft(x)
                    spec = spec.conj()
                    out = torch.complex(spec.real * 2, spec.imag)
                    return torch.fft.irfft(out, n=x.shape[-1])

            def inputs():
                return [(torch.randn(2, 8),), (torch.randn(3, 8),)]
            """
        ),
    ]
    INVALID = [
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    spec = torch.fft.rfft(x)
                    spec.imag *= -1
                    return torch.fft.irfft(spec, n=x.shape[-1])

            def inputs():
                return [(torch.randn(2, 8),), (torch.randn(3, 8),)]
            """,
            line=7,
        ),
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    re, im = x.chunk(2, dim=-1)
                    z = torch.zeros(re.shape, dtype=torch.complex64)
                    z.real, z.imag = re, im
                    return torch.view_as_real(z * z)

            def inputs():
                return [(torch.randn(2, 8),), (torch.randn(3, 8),)]
            """,
            line=8,
        ),
    ]

    @classmethod
    def may_report(cls, text, summary) -> bool:
        return any(f".{name}" in text for name in tensor_setattr_refused())

    def visit_Assign(self, node: cst.Assign) -> None:
        for target in node.targets:
            self._check(node, target.target)

    def visit_AugAssign(self, node: cst.AugAssign) -> None:
        self._check(node, node.target)

    def visit_AnnAssign(self, node: cst.AnnAssign) -> None:
        if node.value is not None:
            self._check(node, node.target)

    def _check(self, node: cst.CSTNode, target: cst.BaseExpression) -> None:
        if not self.ctx.in_graph:
            return
        refused = tensor_setattr_refused()
        for attribute in _attribute_targets(target):
            name = attribute.attr.value
            if name not in refused or name in REPORTED_ELSEWHERE:
                continue
            if self.ctx.kind(attribute.value) is not Kind.TENSOR:
                continue
            self.report(
                node,
                Message(
                    f"`.{name}` of a tensor assigned in graph code",
                    (
                        (
                            "compile",
                            "torch.compile(fullgraph=True) raises and plain torch.compile "
                            f"breaks the graph here ({refused[name]})",
                        ),
                    ),
                    self.advice,
                ),
            )
            return


def _attribute_targets(target: cst.BaseExpression) -> Iterator[cst.Attribute]:
    """The attribute targets of an assignment target, in tuple and list targets too."""
    if isinstance(target, cst.Attribute):
        yield target
    elif isinstance(target, (cst.Tuple, cst.List)):
        for element in target.elements:
            yield from _attribute_targets(element.value)
