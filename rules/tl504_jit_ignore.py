"""TL504: torch.jit.ignore / torch.jit.unused."""

from __future__ import annotations

from torchlint.lint.rule import Invalid, Valid
from torchlint.rules._jit_api import JitApiRule


class JitIgnore(JitApiRule):
    """Flags `@torch.jit.ignore` and `@torch.jit.unused`: TorchScript-only exits.

    ## What it does
    Finds every use of `torch.jit.ignore` and `torch.jit.unused`.

    ## Why is this bad?
    They tell the TorchScript compiler to leave a function to Python (`ignore`) or to replace it
    with a raise (`unused`). TorchScript is deprecated (`torch.jit.script` warns in torch 2.13:
    "`torch.jit.script` is deprecated. Please switch to `torch.compile` or `torch.export`.");
    these decorators do not warn themselves, but `torch.compile` and `torch.export` ignore them,
    so the function is compiled anyway. The equivalent for `torch.compile` is
    `@torch.compiler.disable`: the function runs in eager Python and the graph breaks around it.
    `torch.export` has no equivalent: it needs one graph, so the code must be made traceable (or
    moved out of the exported `forward`).

    ## Example
    ```python
    @torch.jit.ignore
    def debug_stats(self, x):
        return x.numpy().mean()
    ```
    Use instead:
    ```python
    @torch.compiler.disable
    def debug_stats(self, x):
        return x.numpy().mean()
    ```

    ## Fix safety
    Replacing the decorator with `torch.compiler.disable` is never safe: TorchScript does not
    know `torch.compiler.disable`, so a scripted caller compiles the function (and fails where
    its body is not scriptable), and torch.compile, which traced a `jit.ignore`'d function,
    breaks the graph at a disabled one. The fix is unsafe, and offered only where no graph code
    of the project calls the function (`no_weight_decay`-style helpers); where graph code does,
    it would trade this finding for a TL312 and a graph break, so there is no fix: make the body
    traceable, or call it outside the graph.
    """

    code = "TL504"
    name = "jit-ignore"
    message = (
        "`torch.jit.ignore` is TorchScript-only: torch.compile and torch.export trace the function "
        "anyway (`@torch.compiler.disable` would make each call a graph break)"
    )
    apis = {
        "torch.jit.ignore": message,
        "torch.jit.unused": (
            "`torch.jit.unused` is TorchScript-only: torch.compile and torch.export trace the "
            "function anyway (`@torch.compiler.disable` would make each call a graph break; "
            "torch.export has no equivalent: the code must be traceable)"
        ),
    }

    VALID = [
        Valid(
            """
            import torch

            @torch.compiler.disable
            def debug_stats(x):
                return float(x.mean())
            """
        ),
    ]
    INVALID = [
        Invalid(
            """
            import torch

            @torch.jit.ignore
            def debug_stats(x):
                return float(x.mean())
            """,
            line=3,
        ),
        Invalid(
            """
            import torch
            from torch import nn

            class Net(nn.Module):
                @torch.jit.unused
                def memory_efficient(self, x):
                    return x
            """,
            line=5,
            message_contains="torch.jit.unused",
            fixed="""
            import torch
            from torch import nn

            class Net(nn.Module):
                @torch.compiler.disable
                def memory_efficient(self, x):
                    return x
            """,
        ),
        Invalid(
            # forward calls it: `@torch.compiler.disable` would be a graph break (TL312), so
            # there is no fix.
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                @torch.jit.ignore
                def stats(self, x):
                    return x.mean(dim=0)

                def forward(self, x):
                    return x - self.stats(x)
            """,
            line=5,
            fixed="""
            import torch
            from torch import nn

            class Model(nn.Module):
                @torch.jit.ignore
                def stats(self, x):
                    return x.mean(dim=0)

                def forward(self, x):
                    return x - self.stats(x)
            """,
        ),
    ]
