import math

import torch
import torch.nn as nn
import torch.nn.functional as F


class LoRALinear(nn.Linear):
    def __init__(self, in_features, out_features, r=4, alpha=8, **kw):
        super().__init__(in_features, out_features, **kw)
        self.r = r
        self.scaling = alpha / r
        self.lora_A = nn.Parameter(torch.empty(r, in_features))
        self.lora_B = nn.Parameter(torch.zeros(out_features, r))
        nn.init.kaiming_uniform_(self.lora_A, a=math.sqrt(5))

    @property
    def has_update(self):
        return self.r > 0 and bool(self.lora_B.ne(0).any())  # breaks: compile,export

    def forward(self, x):
        out = F.linear(x, self.weight, self.bias)
        if self.has_update:
            out = out + (x @ self.lora_A.t() @ self.lora_B.t()) * self.scaling
        return out


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.q = LoRALinear(16, 16)
        self.v = LoRALinear(16, 16)
        with torch.no_grad():
            self.v.lora_B.normal_(std=0.02)

    def forward(self, x):
        return torch.softmax(self.q(x) @ x.transpose(-1, -2), dim=-1) @ self.v(x)


def inputs():
    torch.manual_seed(6)
    return [(torch.randn(2, 5, 16),), (torch.randn(1, 7, 16),)]
