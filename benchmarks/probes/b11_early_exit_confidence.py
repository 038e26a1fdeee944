import torch
from torch import nn


class ExitClassifier(nn.Module):
    def __init__(self, dim: int, num_classes: int):
        super().__init__()
        self.pool_norm = nn.LayerNorm(dim)
        self.fc = nn.Linear(dim, num_classes)

    def forward(self, h):
        return self.fc(self.pool_norm(h.mean(1)))


class EarlyExitEncoder(nn.Module):
    def __init__(self, dim: int = 8, depth: int = 3, num_classes: int = 4, threshold: float = 0.35):
        super().__init__()
        self.threshold = threshold
        self.layers = nn.ModuleList(
            nn.TransformerEncoderLayer(dim, 2, 16, dropout=0.0, batch_first=True)
            for _ in range(depth)
        )
        self.exits = nn.ModuleList(ExitClassifier(dim, num_classes) for _ in range(depth))

    def forward(self, x):
        logits = None
        for layer, exit_head in zip(self.layers, self.exits):
            x = layer(x)
            logits = exit_head(x)
            confidence = logits.softmax(-1).max(-1).values
            confident = (confidence > self.threshold).all()
            if not self.training and bool(confident):  # breaks: compile,export,trace
                break
        return logits


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.encoder = EarlyExitEncoder()

    def forward(self, x):
        return self.encoder(x)


def inputs():
    g0, g1 = torch.Generator().manual_seed(0), torch.Generator().manual_seed(4)
    return [(torch.randn(2, 4, 8, generator=g0),), (torch.randn(2, 4, 8, generator=g1),)]
