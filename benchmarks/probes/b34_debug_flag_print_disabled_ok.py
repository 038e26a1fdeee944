import torch
import torch.nn as nn


class Config:
    hidden = 12
    debug = False


class VerboseMLP(nn.Module):
    def __init__(self, cfg=Config):
        super().__init__()
        self.cfg = cfg
        self.fc1 = nn.Linear(6, cfg.hidden)
        self.fc2 = nn.Linear(cfg.hidden, 2)

    def forward(self, x):
        h = torch.relu(self.fc1(x))
        if self.cfg.debug:
            print(f"hidden mean={h.mean():.4f} max={h.max():.4f}")
        return self.fc2(h)


Model = VerboseMLP


def inputs():
    torch.manual_seed(3430)
    return [(torch.randn(2, 6),), (torch.randn(5, 6),)]
