"""TL507: torch.jit.annotate."""

from __future__ import annotations

from torchlint.lint.rule import Invalid, Valid
from torchlint.rules._jit_api import JitApiRule


class JitAnnotate(JitApiRule):
    """Flags `torch.jit.annotate(T, value)`: use a variable annotation.

    ## What it does
    Finds every use of `torch.jit.annotate`.

    ## Why is this bad?
    `torch.jit.annotate(List[int], [])` tells TorchScript the type of an empty container.
    TorchScript is deprecated (`torch.jit.script` warns in torch 2.13: "`torch.jit.script` is
    deprecated. Please switch to `torch.compile` or `torch.export`."); `torch.jit.annotate` does
    not warn, but it is noise to every other reader. `torch.compile` and `torch.export` need no
    type; a PEP 526 annotation (`xs: List[int] = []`) says the same to TorchScript and to type
    checkers.

    ## Example
    ```python
    sizes = torch.jit.annotate(List[int], [])
    ```
    Use instead:
    ```python
    sizes: List[int] = []
    ```

    ## Fix safety
    Rewriting `name = torch.jit.annotate(T, value)` as `name: T = value` is safe; other uses
    (inside an expression) have no mechanical rewrite.
    """

    code = "TL507"
    name = "jit-annotate"
    message = (
        "`torch.jit.annotate(T, value)` is TorchScript-only: write `name: T = value` "
        "(torch.compile/torch.export need no annotation)"
    )
    apis = {"torch.jit.annotate": message}

    VALID = [
        Valid(
            """
            from typing import List

            import torch

            def sizes_of(x: torch.Tensor) -> List[int]:
                sizes: List[int] = []
                for s in x.shape:
                    sizes.append(s)
                return sizes
            """
        ),
    ]
    INVALID = [
        Invalid(
            """
            from typing import List

            import torch

            def sizes_of(x: torch.Tensor) -> List[int]:
                sizes = torch.jit.annotate(List[int], [])
                for s in x.shape:
                    sizes.append(s)
                return sizes
            """,
            line=6,
        ),
    ]
