# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.data import default_collate as collate


class ConvBNReLU(nn.Sequential):
    def __init__(self, c_in: int, c_out: int, stride: int = 1):
        super().__init__(nn.Conv2d(c_in, c_out, 3, stride, 1, bias=False), nn.BatchNorm2d(c_out), nn.ReLU())


class LiteSegNet(nn.Module):
    def __init__(self, classes: int = 5):
        super().__init__()
        self.enc1 = ConvBNReLU(3, 8, 2)
        self.enc2 = ConvBNReLU(8, 16, 2)
        self.ctx = ConvBNReLU(16, 16)
        self.cls = nn.Conv2d(16 + 8, classes, 1)

    def forward(self, x):
        f1 = self.enc1(x)
        f2 = self.ctx(self.enc2(f1))
        f2 = F.interpolate(f2, size=f1.shape[-2:], mode="bilinear", align_corners=False)
        logits = self.cls(torch.cat([f1, f2], dim=1))
        return F.interpolate(logits, size=x.shape[-2:], mode="bilinear", align_corners=False)


class Model(nn.Module):
    """Inference wrapper: takes the list of images a request carries and batches it itself."""

    def __init__(self, flip_tta: bool = True):
        super().__init__()
        self.flip_tta = flip_tta
        self.net = LiteSegNet()
        self.register_buffer("mean", torch.tensor([0.485, 0.456, 0.406]).view(3, 1, 1))
        self.register_buffer("std", torch.tensor([0.229, 0.224, 0.225]).view(3, 1, 1))

    def forward(self, images):
        batch = collate([(img - self.mean) / self.std for img in images])
        probs = self.net(batch).softmax(dim=1)
        if self.flip_tta:
            # horizontal-flip test-time augmentation
            flipped = self.net(batch.flip(-1)).softmax(dim=1).flip(-1)
            probs = 0.5 * (probs + flipped)
        return probs


def inputs():
    torch.manual_seed(5624)
    return [
        ([torch.rand(3, 32, 32), torch.rand(3, 32, 32)],),
        ([torch.rand(3, 24, 40) for _ in range(2)],),
    ]
