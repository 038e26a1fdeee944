"""TL506: torch.jit.Final."""

from __future__ import annotations

from torchlint.lint.rule import Invalid, Valid
from torchlint.rules._jit_api import JitApiRule


class JitFinal(JitApiRule):
    """Flags `torch.jit.Final`: use `typing.Final`.

    ## What it does
    Finds every use of `torch.jit.Final` (usually a class attribute annotation).

    ## Why is this bad?
    `torch.jit.Final` marks a module constant for TorchScript. TorchScript is deprecated
    (`torch.jit.script` warns in torch 2.13: "`torch.jit.script` is deprecated. Please switch to
    `torch.compile` or `torch.export`."); `torch.jit.Final` itself does not warn. `typing.Final`
    means the same to TorchScript and is the standard spelling that type checkers read;
    `torch.compile` and `torch.export` need no marker at all (they specialise on attribute
    values and guard on them).

    ## Example
    ```python
    class Head(nn.Module):
        use_bias: torch.jit.Final[bool]
    ```
    Use instead:
    ```python
    from typing import Final

    class Head(nn.Module):
        use_bias: Final[bool]
    ```

    ## Fix safety
    Replacing `torch.jit.Final` with `typing.Final` (adding the import) is safe:
    `torch.jit.Final is typing.Final` (torch re-exports it), so TorchScript still treats the
    attribute as a constant and no other back-end reads the annotation.
    """

    code = "TL506"
    name = "jit-final"
    message = (
        "`torch.jit.Final` is TorchScript-only: use `typing.Final` (same meaning to TorchScript)"
    )
    apis = {"torch.jit.Final": message}

    VALID = [
        Valid(
            """
            from typing import Final

            import torch
            from torch import nn

            class Head(nn.Module):
                use_bias: Final[bool]
            """
        ),
    ]
    INVALID = [
        Invalid(
            """
            import torch
            from torch import nn

            class Head(nn.Module):
                use_bias: torch.jit.Final[bool]
            """,
            line=5,
        ),
    ]
