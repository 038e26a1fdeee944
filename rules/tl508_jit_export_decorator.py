"""TL508: @torch.jit.export."""

from __future__ import annotations

from torchlint.lint.rule import Invalid, Valid
from torchlint.rules._jit_api import JitApiRule


class JitExportDecorator(JitApiRule):
    """Flags `@torch.jit.export`: extra scripted entry points have no torch.export equivalent.

    ## What it does
    Finds every use of `torch.jit.export` (a decorator on `nn.Module` methods).

    ## Why is this bad?
    `@torch.jit.export` compiles a method other than `forward` into the `ScriptModule`.
    TorchScript is deprecated (`torch.jit.script` warns in torch 2.13: "`torch.jit.script` is
    deprecated. Please switch to `torch.compile` or `torch.export`."); the decorator itself does
    not warn. There is no direct equivalent: `torch.export.export` captures `forward` only, so
    export each extra entry point through a small wrapper module whose `forward` calls the
    method (one `ExportedProgram` per method), and `torch.compile` compiles any method it is
    given (`torch.compile(model.encode)`). Do not confuse it with `torch.export`.

    ## Example
    ```python
    class Net(nn.Module):
        @torch.jit.export
        def encode(self, x):
            return self.encoder(x)
    ```
    Use instead:
    ```python
    class Encode(nn.Module):
        def __init__(self, net):
            super().__init__()
            self.net = net

        def forward(self, x):
            return self.net.encode(x)

    program = torch.export.export(Encode(net), (example,))
    ```

    ## Fix safety
    No automatic fix: the replacement is a new wrapper and a new export call.
    """

    code = "TL508"
    name = "jit-export-decorator"
    message = (
        "`@torch.jit.export` is TorchScript-only: torch.export captures `forward` only, so "
        "export this method through a wrapper module (or torch.compile the bound method)"
    )
    apis = {"torch.jit.export": message}

    VALID = [
        Valid(
            """
            import torch
            from torch import nn

            class Net(nn.Module):
                def encode(self, x):
                    return x * 2

                def forward(self, x):
                    return self.encode(x)
            """
        ),
    ]
    INVALID = [
        Invalid(
            """
            import torch
            from torch import nn

            class Net(nn.Module):
                @torch.jit.export
                def encode(self, x):
                    return x * 2

                def forward(self, x):
                    return self.encode(x)
            """,
            line=5,
        ),
    ]
