import torch
import torch.nn as nn
import torch.nn.functional as F


def build_concat_volume(ref, tgt, maxdisp: int):
    b, c, h, w = ref.shape
    volume = ref.new_zeros(b, 2 * c, maxdisp, h, w)
    for i in range(maxdisp):
        if i > 0:
            volume[:, :c, i, :, i:] = ref[:, :, :, i:]
            volume[:, c:, i, :, i:] = tgt[:, :, :, :-i]
        else:
            volume[:, :c, i] = ref
            volume[:, c:, i] = tgt
    return volume.contiguous()


class DisparityRegression(nn.Module):
    def __init__(self, maxdisp):
        super().__init__()
        self.register_buffer("disp", torch.arange(maxdisp, dtype=torch.float32).view(1, maxdisp, 1, 1))

    def forward(self, cost):
        return torch.sum(F.softmax(-cost, dim=1) * self.disp, dim=1)


class StereoNet(nn.Module):
    def __init__(self, maxdisp=8, ch=8):
        super().__init__()
        self.maxdisp = maxdisp
        self.feature = nn.Sequential(nn.Conv2d(3, ch, 3, padding=1), nn.ReLU(), nn.Conv2d(ch, ch, 3, padding=1))
        self.aggregate = nn.Sequential(nn.Conv3d(2 * ch, ch, 3, padding=1), nn.ReLU(), nn.Conv3d(ch, 1, 3, padding=1))
        self.regress = DisparityRegression(maxdisp)

    def forward(self, left, right):
        cost = self.aggregate(build_concat_volume(self.feature(left), self.feature(right), self.maxdisp))
        return self.regress(cost.squeeze(1))


Model = StereoNet


def inputs():
    torch.manual_seed(3503)
    return [(torch.randn(2, 3, 12, 20), torch.randn(2, 3, 12, 20)), (torch.randn(1, 3, 16, 16), torch.randn(1, 3, 16, 16))]
