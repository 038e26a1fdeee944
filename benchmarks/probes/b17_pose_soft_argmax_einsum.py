import torch
import torch.nn as nn
import torch.nn.functional as F


class SoftArgmax2d(nn.Module):
    def __init__(self, beta: float = 10.0, normalized: bool = True):
        super().__init__()
        self.beta = beta
        self.normalized = normalized

    def _axis(self, n, like):
        pos = torch.arange(n, dtype=like.dtype, device=like.device)
        return pos / (n - 1) * 2 - 1 if self.normalized else pos

    def forward(self, heatmaps):
        b, k, h, w = heatmaps.shape
        prob = F.softmax(self.beta * heatmaps.reshape(b, k, -1), dim=-1).view(b, k, h, w)
        x = torch.einsum("bkhw,w->bk", prob, self._axis(w, heatmaps))
        y = torch.einsum("bkhw,h->bk", prob, self._axis(h, heatmaps))
        return torch.stack([x, y], dim=-1)


class Model(nn.Module):
    def __init__(self, joints: int = 5):
        super().__init__()
        self.stem = nn.Sequential(nn.Conv2d(3, 16, 3, stride=2, padding=1), nn.BatchNorm2d(16), nn.ReLU())
        self.heads = nn.Conv2d(16, joints, 1)
        self.decode = SoftArgmax2d()

    def forward(self, image):
        hm = self.heads(self.stem(image))
        conf = hm.flatten(2).amax(-1).sigmoid()
        return self.decode(hm), conf


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 3, 16, 16),), (torch.randn(3, 3, 24, 16),)]
