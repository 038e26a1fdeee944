from typing import Optional

import torch
import torch.nn as nn
import torch.nn.functional as F


class GatedLinearUnit(nn.Module):
    def __init__(self, d_in, d_out):
        super().__init__()
        self.fc = nn.Linear(d_in, 2 * d_out)

    def forward(self, x):
        return F.glu(self.fc(x), dim=-1)


class GatedResidualNetwork(nn.Module):
    def __init__(self, d_in, d_hidden, d_out, d_context: Optional[int] = None):
        super().__init__()
        self.skip = nn.Linear(d_in, d_out) if d_in != d_out else nn.Identity()
        self.fc1 = nn.Linear(d_in, d_hidden)
        self.context = nn.Linear(d_context, d_hidden, bias=False) if d_context else None
        self.fc2 = nn.Linear(d_hidden, d_hidden)
        self.gate = GatedLinearUnit(d_hidden, d_out)
        self.norm = nn.LayerNorm(d_out)

    def forward(self, x, context=None):
        h = self.fc1(x)
        if self.context is not None and context is not None:
            h = h + self.context(context).unsqueeze(-2)
        return self.norm(self.skip(x) + self.gate(self.fc2(F.elu(h))))


class VariableSelectionNetwork(nn.Module):
    def __init__(self, n_vars=4, d_var=1, d_model=12, d_static=6):
        super().__init__()
        self.var_grns = nn.ModuleList(GatedResidualNetwork(d_var, d_model, d_model) for _ in range(n_vars))
        self.weight_grn = GatedResidualNetwork(n_vars * d_var, d_model, n_vars, d_context=d_static)
        self.n_vars = n_vars

    def forward(self, x, static):
        weights = torch.softmax(self.weight_grn(x.flatten(-2), static), dim=-1).unsqueeze(-2)
        processed = torch.stack([grn(x[..., i, :]) for i, grn in enumerate(self.var_grns)], dim=-1)
        return (processed * weights).sum(-1), weights.squeeze(-2)


class TFTEncoder(nn.Module):
    def __init__(self, d_model=12, d_static=6, horizon=3):
        super().__init__()
        self.vsn = VariableSelectionNetwork(d_model=d_model, d_static=d_static)
        self.lstm = nn.LSTM(d_model, d_model, batch_first=True)
        self.post = GatedResidualNetwork(d_model, d_model, d_model, d_context=d_static)
        self.head = nn.Linear(d_model, horizon)

    def forward(self, past, static):
        selected, weights = self.vsn(past, static)
        h, _ = self.lstm(selected)  # breaks: compile
        return self.head(self.post(h, static)[:, -1]), weights.mean(1)


Model = TFTEncoder


def inputs():
    torch.manual_seed(3226)
    return [(torch.randn(2, 10, 4, 1), torch.randn(2, 6)), (torch.randn(3, 14, 4, 1), torch.randn(3, 6))]
