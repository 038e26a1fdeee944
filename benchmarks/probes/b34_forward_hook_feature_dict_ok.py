import torch
import torch.nn as nn


class HookedFeaturePyramid(nn.Module):
    def __init__(self):
        super().__init__()
        self.stem = nn.Conv2d(3, 8, 3, padding=1)
        self.stage1 = nn.Conv2d(8, 8, 3, stride=2, padding=1)
        self.stage2 = nn.Conv2d(8, 8, 3, stride=2, padding=1)
        self._feats = {}
        for name in ("stage1", "stage2"):
            getattr(self, name).register_forward_hook(self._save(name))

    def _save(self, name):
        def hook(module, inp, out):
            self._feats[name] = out
        return hook

    def forward(self, x):
        out = self.stage2(self.stage1(torch.relu(self.stem(x))))
        skip = nn.functional.adaptive_avg_pool2d(self._feats["stage1"], out.shape[-2:])
        return out + skip


Model = HookedFeaturePyramid


def inputs():
    torch.manual_seed(3420)
    return [(torch.randn(1, 3, 16, 16),), (torch.randn(2, 3, 8, 8),)]
