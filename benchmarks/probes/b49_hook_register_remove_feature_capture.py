# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


class CamHead(nn.Module):
    """Grad-CAM style: capture the last conv block's activation with a temporary hook."""

    def __init__(self, cin=3, width=8, classes=5):
        super().__init__()
        self.stem = nn.Sequential(nn.Conv2d(cin, width, 3, padding=1), nn.ReLU())
        self.block = nn.Sequential(nn.Conv2d(width, width, 3, padding=1), nn.ReLU())
        self.fc = nn.Linear(width, classes)

    def forward(self, x):
        captured = {}

        def _save(module, inp, out):
            captured["feat"] = out

        handle = self.block.register_forward_hook(_save)
        h = self.block(self.stem(x))
        handle.remove()
        logits = self.fc(h.mean(dim=(2, 3)))
        weights = self.fc.weight[logits.argmax(-1)]
        cam = F.relu(torch.einsum("bc,bchw->bhw", weights, captured["feat"]))
        return logits, cam


Model = CamHead


def inputs():
    torch.manual_seed(4901)
    return [(torch.randn(2, 3, 8, 8),), (torch.randn(1, 3, 6, 10),)]
