"""Tests of fixers/script_reporting_guard.py: reporting statements and warning-filter blocks
kept from TorchScript with ``torch.jit.is_scripting()``."""

from __future__ import annotations

import pytest

from . import test_repair_script as base
from .conftest import requires_torch
from .test_repair_script import _case, _fix, _model, _unfixed

# -- reporting calls and warning filters: is_scripting() --------------------------------------
REPORTING_HEAD = (
    "import sys\nimport logging\nimport warnings\n\nlog = logging.getLogger(__name__)\n"
)


def test_reporting_calls_go_under_a_scripting_guard_safely():
    before = _model(
        """\
        if x.size(0) > 100:
            print("large batch", x.size(0), file=sys.stderr)
        log.info("shape %s", x.shape)
        logging.warning("seen")
        return x * 2
        """,
        head=REPORTING_HEAD,
    )
    after = _model(
        """\
        if x.size(0) > 100:
            if not torch.jit.is_scripting():
                print("large batch", x.size(0), file=sys.stderr)
        if not torch.jit.is_scripting():
            log.info("shape %s", x.shape)
        if not torch.jit.is_scripting():
            logging.warning("seen")
        return x * 2
        """,
        head=REPORTING_HEAD,
    )
    assert _fix(before, "TL2", unsafe=False) == after


def test_reporting_calls_that_change_state_or_share_a_line_are_left_alone():
    # An argument that pops (script would skip it), a lambda TorchScript cannot parse even in
    # a skipped branch, a starred argument, a call sharing its line.
    before = _model(
        """\
        print("next", self.pending.pop(), file=sys.stderr)
        print("f", (lambda v: v)(1), file=sys.stderr)
        print(*x.shape, sep=",")
        y = x + 1; print(y.shape, end="")
        return y
        """,
        head=REPORTING_HEAD,
        init="self.pending = [1, 2]\n",
    )
    assert _unfixed(before, "TL209") >= 4


def test_warnings_block_gets_a_script_branch_without_its_filters():
    before = _model(
        """\
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            y = x.relu()
            z = y * 2
        return z
        """,
        head=REPORTING_HEAD,
    )
    after = _model(
        """\
        if torch.jit.is_scripting():
            y = x.relu()
            z = y * 2
        else:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                y = x.relu()
                z = y * 2
        return z
        """,
        head=REPORTING_HEAD,
    )
    assert _fix(before, "TL2") == after
    # Unsafe: scripted code no longer filters the warnings.
    assert "catch_warnings():\n            warnings" in _fix(before, "TL2", unsafe=False)


def test_warnings_block_of_filters_only_is_guarded_and_recording_blocks_are_left_alone():
    before = _model(
        """\
        with warnings.catch_warnings():
            warnings.filterwarnings("ignore", category=UserWarning)
        with warnings.catch_warnings(record=True) as seen:
            y = x + 1
        return y + len(seen)
        """,
        head=REPORTING_HEAD,
    )
    fixed = _fix(before, "TL206")
    assert (
        "        if not torch.jit.is_scripting():\n"
        "            with warnings.catch_warnings():\n"
        '                warnings.filterwarnings("ignore", category=UserWarning)\n'
    ) in fixed
    assert "        with warnings.catch_warnings(record=True) as seen:\n" in fixed


TORCH_CASES = [
    _case(
        "TL2",
        _model(
            'if x.size(0) > 3:\n    print("big", x.size(0), file=sys.stderr)\n'
            'log.debug("n=%d", x.size(0))\nreturn x * 2\n',
            head=REPORTING_HEAD,
        ),
        "print-stderr-logger",
    ),
    _case(
        "TL2",
        _model(
            'with warnings.catch_warnings():\n    warnings.simplefilter("ignore")\n'
            "    y = x.relu() + 1\nreturn y\n",
            head=REPORTING_HEAD,
        ),
        "warnings-block",
    ),
]


@requires_torch
@pytest.mark.torch
@pytest.mark.parametrize(("code", "source"), TORCH_CASES)
def test_fixed_code_scripts_with_eager_and_other_backends_unchanged(code, source):
    base.test_fixed_code_scripts_with_eager_and_other_backends_unchanged(code, source)
