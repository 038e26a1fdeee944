# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class TemporalShift(nn.Module):
    def __init__(self, net, n_segment=4, n_div=4):
        super().__init__()
        self.net, self.n_segment, self.fold_div = net, n_segment, n_div

    @staticmethod
    def shift(x: torch.Tensor, n_segment: int, fold_div: int = 4) -> torch.Tensor:
        nt, c, h, w = x.size()
        n_batch = nt // n_segment
        x = x.view(n_batch, n_segment, c, h, w)
        fold = c // fold_div
        out = torch.zeros_like(x)
        out[:, :-1, :fold] = x[:, 1:, :fold]  # shift left
        out[:, 1:, fold : 2 * fold] = x[:, :-1, fold : 2 * fold]  # shift right
        out[:, :, 2 * fold :] = x[:, :, 2 * fold :]
        return out.view(nt, c, h, w)

    def forward(self, x):
        return self.net(self.shift(x, self.n_segment, fold_div=self.fold_div))


class BasicBlock(nn.Module):
    def __init__(self, ch, n_segment):
        super().__init__()
        self.conv1 = TemporalShift(nn.Conv2d(ch, ch, 3, padding=1, bias=False), n_segment)
        self.bn1 = nn.BatchNorm2d(ch)
        self.conv2 = nn.Conv2d(ch, ch, 3, padding=1, bias=False)
        self.bn2 = nn.BatchNorm2d(ch)

    def forward(self, x):
        out = torch.relu(self.bn1(self.conv1(x)))
        return torch.relu(x + self.bn2(self.conv2(out)))


class TSN(nn.Module):
    def __init__(self, num_segments=4, num_classes=5, ch=8, consensus="avg"):
        super().__init__()
        self.num_segments = num_segments
        self.consensus = consensus
        self.stem = nn.Sequential(nn.Conv2d(3, ch, 3, 2, 1, bias=False), nn.BatchNorm2d(ch), nn.ReLU())
        self.layers = nn.Sequential(BasicBlock(ch, num_segments), BasicBlock(ch, num_segments))
        self.fc = nn.Linear(ch, num_classes)

    def forward(self, x):
        # x: (B, T*C, H, W) as the TSN data loader stacks frames
        b = x.size(0)
        x = x.view((-1, 3) + x.size()[-2:])
        feat = self.layers(self.stem(x)).mean(dim=(2, 3))
        logits = self.fc(feat).view((-1, self.num_segments) + (self.fc.out_features,))
        return logits.mean(dim=1) if self.consensus == "avg" else logits.max(dim=1).values


Model = TSN


def inputs():
    torch.manual_seed(4331)
    return [(torch.randn(1, 12, 16, 16),), (torch.randn(2, 12, 12, 20),)]
