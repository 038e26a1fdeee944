"""TL509: torch.jit.fork / torch.jit.wait are deprecated."""

from __future__ import annotations

from torchlint.lint.rule import Invalid, Valid
from torchlint.rules._jit_api import JitApiRule


class JitForkWait(JitApiRule):
    """Flags `torch.jit.fork` and `torch.jit.wait`: deprecated, with no direct equivalent.

    ## What it does
    Finds every use of `torch.jit.fork` and `torch.jit.wait`.

    ## Why is this bad?
    In torch 2.13 they warn: `DeprecationWarning: `torch.jit.fork` is deprecated. Please use
    `torch.compile` instead.` (and the same for `torch.jit.wait`). Inter-op parallelism of
    TorchScript futures has no equivalent in `torch.compile` or `torch.export`: call the
    functions directly and let the compiler schedule and fuse them; on GPU, independent work can
    overlap through CUDA streams (`torch.cuda.Stream`) outside the compiled region.

    ## Example
    ```python
    future = torch.jit.fork(self.branch_a, x)
    b = self.branch_b(x)
    a = torch.jit.wait(future)
    ```
    Use instead:
    ```python
    a = self.branch_a(x)
    b = self.branch_b(x)
    ```

    ## Fix safety
    Replacing `torch.jit.wait(torch.jit.fork(f, *args))` with `f(*args)` gives the same values
    but runs sequentially; it is unsafe where the futures outlive the call site.
    """

    code = "TL509"
    name = "jit-fork-wait"
    message = (
        "`torch.jit.fork` is deprecated: call the function directly (no torch.compile / "
        "torch.export equivalent; the compiler schedules independent work)"
    )
    apis = {
        "torch.jit.fork": message,
        "torch.jit.wait": (
            "`torch.jit.wait` is deprecated: use the value directly (no torch.compile / "
            "torch.export equivalent of TorchScript futures)"
        ),
        "torch.jit._fork": message,
        "torch.jit._wait": "`torch.jit._wait` is deprecated: use the value directly",
    }

    VALID = [
        Valid(
            """
            import torch

            def both(x):
                a = torch.relu(x)
                b = torch.sigmoid(x)
                return a + b
            """
        ),
    ]
    INVALID = [
        Invalid(
            """
            import torch

            def both(x):
                future = torch.jit.fork(torch.relu, x)
                b = torch.sigmoid(x)
                return torch.jit.wait(future) + b
            """,
            line=4,
        ),
        Invalid(
            """
            import torch

            def both(x):
                future = torch.jit.fork(torch.relu, x)
                b = torch.sigmoid(x)
                return torch.jit.wait(future) + b
            """,
            line=6,
            message_contains="torch.jit.wait",
        ),
    ]
