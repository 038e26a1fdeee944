# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


class LocalizationNet(nn.Module):
    def __init__(self, in_ch=1):
        super().__init__()
        self.conv = nn.Sequential(
            nn.Conv2d(in_ch, 8, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2),
            nn.Conv2d(8, 8, 3, padding=1), nn.ReLU(), nn.AdaptiveAvgPool2d((2, 4)),
        )
        self.fc = nn.Linear(8 * 2 * 4, 6)
        nn.init.zeros_(self.fc.weight)
        with torch.no_grad():
            self.fc.bias.copy_(torch.tensor([1.0, 0.0, 0.0, 0.0, 1.0, 0.0]))

    def forward(self, x):
        return self.fc(self.conv(x).flatten(1)).view(-1, 2, 3)


class STNCRNN(nn.Module):
    """Affine-rectified text recogniser with a per-column CTC head."""

    def __init__(self, num_classes=20, rect_size=(16, 32), use_stn=True):
        super().__init__()
        self.rect_size = rect_size
        self.loc = LocalizationNet() if use_stn else None
        self.cnn = nn.Sequential(
            nn.Conv2d(1, 16, 3, padding=1), nn.BatchNorm2d(16), nn.ReLU(), nn.MaxPool2d(2),
            nn.Conv2d(16, 32, 3, padding=1), nn.BatchNorm2d(32), nn.ReLU(), nn.MaxPool2d((2, 1)),
        )
        self.head = nn.Linear(32 * (rect_size[0] // 4), num_classes + 1)

    def rectify(self, img):
        if self.loc is None:
            return F.interpolate(img, size=self.rect_size, mode="bilinear", align_corners=False)
        theta = self.loc(img)
        grid = F.affine_grid(theta, [img.size(0), img.size(1), *self.rect_size], align_corners=False)
        return F.grid_sample(img, grid, align_corners=False, padding_mode="border")

    def forward(self, img):
        feats = self.cnn(self.rectify(img))
        b, c, h, w = feats.shape
        seq = feats.permute(3, 0, 1, 2).reshape(w, b, c * h)
        return self.head(seq).log_softmax(-1)


Model = STNCRNN


def inputs():
    torch.manual_seed(3721)
    return [(torch.randn(2, 1, 24, 60),), (torch.randn(3, 1, 32, 100),)]
