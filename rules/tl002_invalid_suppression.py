"""TL002: a suppression comment that torchlint cannot read."""

from __future__ import annotations

from torchlint.lint.rule import Invalid, Rule, Valid
from torchlint.lint.suppressions import INVALID_SUPPRESSION_CODE, INVALID_SUPPRESSION_NAME


class InvalidSuppression(Rule):
    """Flags `# noqa` and `# torchlint:` comments with something in them that is no rule code.

    ## What it does
    Reports a suppression comment that does not say what its author meant, so that it is not
    silently ignored:
    - an item of its code list that is no code: a lower-case code (`# noqa: tl301`; codes are
      case-sensitive, as in ruff), a rule name (`# noqa: print-in-graph`: write `TL301`), a
      torchlint code cut short (`TL30`: write `TL301`, or the family `TL3`), other words after
      a comma, or nothing at all (`# noqa:`, `# torchlint: ignore[]`);
    - a code after `# noqa` without the colon (`# noqa TL301`), which makes a blanket `# noqa`
      that hides every finding on the line, as in flake8;
    - an unknown `# torchlint:` directive (`# torchlint: disable`) or one without its `]`.

    A `# noqa` list is shared with other tools, so there an item is reported only when it looks
    meant for torchlint (a `tl` code in the wrong case, a rule name, a `TL` code cut short);
    other tools' words (torch's own `# noqa: set_linter`) are theirs. In
    `# torchlint: ignore[...]` every item must be a code. An item that is no code suppresses
    nothing (the directive's other codes still work), and neither does an unknown directive. Codes that are well-formed but unknown are TL001's
    (`unused-suppression`), as ruff reports them under RUF100.

    ## Why is this bad?
    The finding the comment was written for is still reported, or, for `# noqa TL301`, every
    other finding on the line is hidden too; either way the comment misleads its reader. ruff
    prints `warning: Invalid # noqa directive` for the same mistakes; as a finding this one
    appears in every output (JSON, SARIF, GitHub, the editor) with its file and line.

    This is not a claim about any back-end: the finding names none.

    ## Example
    ```python
    class Net(nn.Module):
        def forward(self, x):
            print(x.shape)  # noqa: print-in-graph
            return x
    ```
    Use instead:
    ```python
    class Net(nn.Module):
        def forward(self, x):
            print(x.shape)  # noqa: TL301
            return x
    ```

    ## Fix safety
    There is no automatic fix: what a malformed comment meant (one code, or the whole line) is
    for its author to say.
    """

    code = INVALID_SUPPRESSION_CODE
    name = INVALID_SUPPRESSION_NAME
    message = "invalid suppression comment: it names no rule code"
    targets = ()
    severity = "warning"
    graph_only = False
    needs_torch = False

    # Like TL001, reported by the engine while applying suppressions (lint/suppressions.py);
    # the examples are comments, so none of them is run through torch.
    VALID = [
        Valid(
            """
            import os

            path = os.getcwd()  # noqa: E501, TL301
            size = len(path)  # noqa
            name = str(path)  # NOQA: F401 because the name is re-exported
            here = path  # torchlint: ignore[TL3, TL101]
            """,
            runtime=False,
        ),
    ]
    INVALID = [
        Invalid(
            """
            import torch

            x = torch.ones(3)  # NOQA: tl301
            """,
            line=3,
            runtime=False,
            message_contains="codes are upper case (`TL301`)",
        ),
        Invalid(
            """
            import torch

            x = torch.ones(3)  # noqa: print-in-graph
            """,
            line=3,
            runtime=False,
            message_contains="a suppression takes the code: `TL301`",
        ),
        Invalid(
            """
            import torch

            x = torch.ones(3)  # noqa:TL30
            """,
            line=3,
            runtime=False,
            message_contains="`TL30` is neither a rule code",
        ),
        Invalid(
            """
            import torch

            x = torch.ones(3)  # noqa TL301
            """,
            line=3,
            runtime=False,
            message_contains="lacks a colon",
        ),
        Invalid(
            """
            import torch

            x = torch.ones(3)  # torchlint: disable[TL301]
            """,
            line=3,
            runtime=False,
            message_contains="unknown directive",
        ),
        Invalid(
            """
            import torch

            x = torch.ones(3)  # torchlint: ignore[]
            """,
            line=3,
            runtime=False,
            message_contains="names no code",
        ),
    ]
