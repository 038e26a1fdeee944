"""Each back-end meets a different disaster, so one verification sees them all:
script: the process exits (os._exit); trace: it aborts (os.abort); compile: it hangs;
export (non-strict): it segfaults (ctypes reads address 0).
The eager run itself is fine."""

import ctypes
import os
import time

import torch
from torch import nn


class Evil(nn.Module):
    def __prepare_scriptable__(self) -> "Evil":
        os._exit(7)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        if torch.jit.is_tracing():
            os.abort()
        if torch.compiler.is_exporting():
            ctypes.string_at(0)
        if torch.compiler.is_compiling():
            time.sleep(3600)
        return x + 1


def make_inputs() -> list[tuple[torch.Tensor]]:
    return [(torch.randn(2, 3),)]
