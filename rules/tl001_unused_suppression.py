"""TL001: a suppression comment that suppresses nothing."""

from __future__ import annotations

from torchlint.lint.rule import Invalid, Rule, Valid
from torchlint.lint.suppressions import UNUSED_SUPPRESSION_CODE, UNUSED_SUPPRESSION_NAME


class UnusedSuppression(Rule):
    """Flags `# noqa: TL...` and `# torchlint: ignore[...]` comments that suppress nothing.

    ## What it does
    Reports a suppression comment when a torchlint code it names found nothing on its line (or,
    for `# torchlint: ignore-file[...]`, in the file), when it names a code no installed rule
    has, or when a bare `# torchlint: ignore` has nothing to hide. Codes of other tools
    (`# noqa: E501`) and a bare `# noqa` are left alone: they may serve another linter.

    ## Why is this bad?
    A stale suppression hides the next real finding on that line. Code changes, the problem a
    suppression was written for goes away, and the comment stays, silently switching the rule
    off for whatever comes next (a `print` added to the same `forward` line, say). An unknown
    code is usually a typo, and then the finding it meant to hide is not hidden either.

    This is not a claim about any back-end: the finding names none.

    ## Example
    ```python
    class Net(nn.Module):
        def forward(self, x):
            return x.relu()  # noqa: TL301
    ```
    Use instead:
    ```python
    class Net(nn.Module):
        def forward(self, x):
            return x.relu()
    ```

    ## Fix safety
    The fix is safe: it takes the unused and unknown codes out of the comment
    (`# noqa: TL301, E501` becomes `# noqa: E501`), or, when no code would be left, the
    directive itself, with what explains it (`# noqa: TL301 because ...`) and the spaces before
    it; the code, other comments on the line (`# type: ignore`) and the other codes stay as
    written, and a comment line that held only the directive goes. Only the suppressions
    change, never the program. A directive is judged only for rules that ran on the file, so
    narrowing `--select` never makes a needed suppression look unused, except for a bare
    `# torchlint: ignore`, which is judged against the rules that ran; a fix run with
    `--select TL001` alone removes only unknown codes and such bare directives.
    """

    code = UNUSED_SUPPRESSION_CODE
    name = UNUSED_SUPPRESSION_NAME
    message = "unused suppression comment; remove it"
    targets = ()
    severity = "warning"
    graph_only = False
    needs_torch = False

    # The engine reports this rule's findings while applying suppressions (lint/suppressions.py),
    # after every other rule ran; the rule has no visit methods of its own. The examples are
    # comments, not torch behaviour, so none of them is run through torch.
    VALID = [
        Valid(
            """
            import os

            path = os.getcwd()  # noqa: E501
            size = len(path)  # noqa
            """,
            runtime=False,
        ),
        Valid(
            """
            import numpy as np

            # torchlint: ignore-file[TL001]
            total = np.zeros(3)  # torchlint: ignore
            """,
            runtime=False,
        ),
    ]
    INVALID = [
        Invalid(
            """
            import torch

            x = torch.ones(3)  # noqa: TL999
            """,
            line=3,
            runtime=False,
            message_contains="TL999 is not a known rule code",
            fixed="""
            import torch

            x = torch.ones(3)
            """,
        ),
        Invalid(
            """
            import torch

            x = torch.ones(3)  # type: ignore  # noqa: E501, TL999 (kept short)
            """,
            line=3,
            runtime=False,
            message_contains="TL999 is not a known rule code",
            fixed="""
            import torch

            x = torch.ones(3)  # type: ignore  # noqa: E501 (kept short)
            """,
        ),
        Invalid(
            """
            import torch

            y = torch.zeros(2)  # torchlint: ignore
            """,
            line=3,
            runtime=False,
            message_contains="nothing here to suppress",
            fixed="""
            import torch

            y = torch.zeros(2)
            """,
        ),
        Invalid(
            """
            import torch

            # torchlint: ignore-file[TL998]  # noqa: E501
            y = torch.zeros(2)
            """,
            line=3,
            runtime=False,
            message_contains="TL998 is not a known rule code",
            fixed="""
            import torch

            # noqa: E501
            y = torch.zeros(2)
            """,
        ),
    ]
