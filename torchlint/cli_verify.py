"""``torchlint verify TARGET``: prove with real torch what the linter predicts.

Imports and runs the user's code, in child processes only (see ``runtime_check/runner.py``).
"""

from __future__ import annotations

import os
import sys
from typing import Any, Optional

import click


def _progress(event: str, data: dict[str, Any]) -> None:
    """Lines on stderr as the verification goes: 'verify: compile ...' when a back-end starts
    (compiling and timing can take minutes), its verdict and seconds when it ends."""
    if event == "child_start":
        click.echo(f"verify: starting a worker for {', '.join(data['backends'])}", err=True)
    elif event == "setup":
        timing = ((data.get("info") or {}).get("timing")) or {}
        took = f", {timing['setup_s']:.1f} s" if timing.get("setup_s") else ""
        click.echo(f"verify: setup {data.get('status', 'ok')}{took}", err=True)
    elif event == "backend_start":
        click.echo(f"verify: {data['backend']} ...", err=True)
    elif event == "backend":
        took = f", {data['elapsed_s']:.1f} s" if data.get("elapsed_s") else ""
        click.echo(f"verify: {data['backend']} {data['status']}{took}", err=True)


def _stderr_is_terminal() -> bool:
    return sys.stderr.isatty()


@click.command("verify")
@click.argument("target")
@click.option(
    "--inputs",
    "inputs",
    multiple=True,
    metavar="SPEC",
    help="An input set: a shape spec like 'float32[2,3,32,32]' (several tensors: "
    "'float32[4,16]; int64[4]') or pkg.mod:make_inputs / file.py:make_inputs returning a list of "
    "argument tuples or kwargs dicts. Repeat for more sets. Default: make_inputs() next to TARGET.",
)
@click.option(
    "--vary-batch",
    is_flag=True,
    help="Add an input set with another batch size; export with a dynamic batch Dim.",
)
@click.option(
    "--backend",
    "backends",
    default="script,trace,compile,export",
    show_default=True,
    help="Comma list of script, trace, compile, export (strict and non-strict), export-strict, "
    "export-nonstrict, onnx, or all.",
)
@click.option(
    "--device", type=click.Choice(["cpu", "cuda", "auto"]), default="auto", show_default=True
)
@click.option(
    "--dtype",
    type=click.Choice(["float32", "float64", "float16", "bfloat16"]),
    default=None,
    help="Cast the model and floating inputs.",
)
@click.option(
    "--rtol",
    type=float,
    default=None,
    help="Relative tolerance (default: by dtype, 1e-5 for float32).",
)
@click.option(
    "--atol",
    type=float,
    default=None,
    help="Absolute tolerance (default: by dtype, 1e-5 for float32).",
)
@click.option(
    "--timeout", type=float, default=120.0, show_default=True, help="Seconds per back-end."
)
@click.option(
    "--setup-timeout",
    type=float,
    default=None,
    help="Seconds for import, build and eager run [default: --timeout].",
)
@click.option(
    "--memory-limit",
    type=int,
    default=8192,
    show_default=True,
    help="MiB of address space per child (RLIMIT_AS; 0: none; not applied with CUDA).",
)
@click.option("--train", is_flag=True, help="Verify in training mode (default: eval mode).")
@click.option(
    "--compile-backend",
    default="eager",
    show_default=True,
    help="torch.compile backend. 'eager' checks graph capture fast and needs no C compiler; "
    "'inductor' also checks code generation (and gives a meaningful speed-up).",
)
@click.option(
    "--time-budget",
    type=click.FloatRange(min=0),
    default=3.0,
    show_default=True,
    metavar="SECONDS",
    help="Latency timing per back-end: rounds of eager then back-end until SECONDS are spent "
    "(at least 3 rounds, at most 100).",
)
@click.option(
    "--repeat",
    type=click.IntRange(min=0),
    default=None,
    metavar="N",
    help="Exactly N timing rounds instead of --time-budget; 0 skips timing.",
)
@click.option(
    "--warmup",
    type=click.IntRange(min=0),
    default=1,
    show_default=True,
    help="Untimed rounds before timing.",
)
@click.option("--seed", type=int, default=0, show_default=True)
@click.option(
    "--static",
    "static",
    is_flag=True,
    help="Also run `torchlint check` over the target's project and mark each finding on the "
    "target's files confirmed / not observed / not reached.",
)
@click.option(
    "--no-cache", is_flag=True, help="--static: lint every file again, ignoring the cache."
)
@click.option(
    "--cache-dir",
    type=click.Path(file_okay=False),
    envvar="TORCHLINT_CACHE_DIR",
    help="--static: where the lint cache is (default: as `torchlint check`, .torchlint_cache in "
    "the project or `cache-dir`).",
)
@click.option(
    "--output-format",
    type=click.Choice(["text", "json", "markdown"]),
    default="text",
    show_default=True,
)
@click.option(
    "--quiet", "-q", is_flag=True, help="No progress lines on stderr (shown on a terminal only)."
)
def verify_command(
    target: str,
    inputs: tuple[str, ...],
    vary_batch: bool,
    backends: str,
    device: str,
    dtype: Optional[str],
    rtol: Optional[float],
    atol: Optional[float],
    timeout: float,
    setup_timeout: Optional[float],
    memory_limit: int,
    train: bool,
    compile_backend: str,
    time_budget: float,
    repeat: Optional[int],
    warmup: int,
    seed: int,
    static: bool,
    no_cache: bool,
    cache_dir: Optional[str],
    output_format: str,
    quiet: bool,
) -> None:
    """Run TARGET through real torch back-ends and compare each with eager.

    TARGET is pkg.module:factory or path/to/file.py:factory, where factory returns an nn.Module
    (an nn.Module class or a module-level model instance works too), or a plain function to
    verify as is. This imports and runs TARGET's code, in a child process with a timeout and a
    memory limit.

    Exit status: 0 every back-end converted and matched eager, 1 some did not (or the target
    crashed or hung), 2 usage error (bad TARGET or inputs, import error, eager run failed).
    """
    from torchlint.runtime_check.runner import verify
    from torchlint.runtime_check.spec import (
        SpecError,
        VerifyOptions,
        parse_backends,
        parse_inputs,
        parse_target,
    )

    try:
        options = VerifyOptions(
            target=parse_target(target),
            inputs=[parse_inputs(text) for text in inputs],
            backends=parse_backends(backends),
            device=device,
            dtype=dtype,
            rtol=rtol,
            atol=atol,
            timeout=timeout,
            setup_timeout=setup_timeout,
            memory_limit_mb=memory_limit or None,
            train=train,
            vary_batch=vary_batch,
            compile_backend=compile_backend,
            repeat=repeat,
            warmup=warmup,
            time_budget=time_budget,
            seed=seed,
            static=static,
            cache_dir=os.path.abspath(cache_dir) if cache_dir else None,
            use_cache=not no_cache,
            coverage=static,
            sys_path=[p for p in sys.path if p],
        )
    except SpecError as exc:
        click.echo(f"torchlint: error: {exc}", err=True)
        sys.exit(2)
    # Progress is for a person watching: never with JSON, never into a file or a pipe.
    show_progress = output_format != "json" and not quiet and _stderr_is_terminal()
    report = verify(options, _progress if show_progress else None)
    if output_format == "json":
        click.echo(report.to_json())
    elif output_format == "markdown":
        click.echo(report.render_markdown(), nl=False)
    else:
        click.echo(report.render_text(), nl=False)
    sys.exit(report.exit_code)
