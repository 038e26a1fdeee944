from typing import Optional

import torch
import torch.nn as nn


class StreamingDiagonalSSM(nn.Module):
    def __init__(self, d_model=8, d_state=4):
        super().__init__()
        self.d_model, self.d_state = d_model, d_state
        self.log_decay = nn.Parameter(torch.linspace(-2.0, -0.1, d_state))
        self.B = nn.Linear(d_model, d_state, bias=False)
        self.C = nn.Linear(d_state, d_model, bias=False)
        self._state: Optional[torch.Tensor] = None

    def reset_state(self):
        self._state = None

    def forward(self, chunk):
        b = chunk.size(0)
        if self._state is None or self._state.size(0) != b:
            self._state = chunk.new_zeros(b, self.d_state)
        decay = torch.sigmoid(self.log_decay)
        h = self._state
        outs = []
        for t in range(chunk.size(1)):
            h = decay * h + self.B(chunk[:, t])
            outs.append(self.C(h))
        self._state = h.detach()  # breaks: export,trace
        return torch.stack(outs, dim=1) + chunk


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.inp = nn.Linear(4, 8)
        self.ssm = StreamingDiagonalSSM()
        self.out = nn.Linear(8, 2)

    def forward(self, chunk):
        return self.out(self.ssm(self.inp(chunk)))


def inputs():
    torch.manual_seed(3026)
    return [(torch.randn(2, 6, 4),), (torch.randn(2, 6, 4),)]
