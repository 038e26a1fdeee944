import json

import torch
import torch.nn as nn

HEAD_CONFIG = '{"temperature": 0.7, "bias_shift": 0.25, "clip": 6.0}'


class CalibratedHead(nn.Module):
    def __init__(self, dim=10, classes=5, config=HEAD_CONFIG):
        super().__init__()
        self.proj = nn.Linear(dim, classes)
        self.config = config

    def forward(self, x):
        cfg = json.loads(self.config)  # breaks: compile
        logits = self.proj(x).clamp(-cfg["clip"], cfg["clip"]) + cfg["bias_shift"]
        return torch.softmax(logits / cfg["temperature"], dim=-1)


Model = CalibratedHead


def inputs():
    torch.manual_seed(21)
    return [(torch.randn(3, 10),), (torch.randn(3, 10) * 4,), (torch.randn(6, 10),)]
