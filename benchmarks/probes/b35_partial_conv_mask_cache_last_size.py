import torch
import torch.nn as nn
import torch.nn.functional as F


class PartialConv2d(nn.Conv2d):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.register_buffer("weight_mask_updater", torch.ones(1, 1, *self.kernel_size), persistent=False)
        self.slide_winsize = self.kernel_size[0] * self.kernel_size[1]
        self.last_size = (None, None, None, None)
        self.update_mask = None
        self.mask_ratio = None

    def forward(self, input, mask_in=None):
        if mask_in is not None or self.last_size != tuple(input.shape):
            self.last_size = tuple(input.shape)
            with torch.no_grad():
                mask = mask_in if mask_in is not None else input.new_ones(1, 1, *input.shape[2:])
                self.update_mask = F.conv2d(mask, self.weight_mask_updater, None, self.stride, self.padding, self.dilation)
                self.mask_ratio = self.slide_winsize / (self.update_mask + 1e-8)
                self.update_mask = torch.clamp(self.update_mask, 0, 1)
                self.mask_ratio = self.mask_ratio * self.update_mask
        raw_out = super().forward(input * mask_in if mask_in is not None else input)
        bias_view = self.bias.view(1, -1, 1, 1)
        output = (raw_out - bias_view) * self.mask_ratio + bias_view
        return output * self.update_mask, self.update_mask


class InpaintEncoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.enc1 = PartialConv2d(3, 16, 3, stride=2, padding=1)
        self.enc2 = PartialConv2d(16, 16, 3, stride=2, padding=1)

    def forward(self, image, mask):
        x, m = self.enc1(image, mask)
        x, m = self.enc2(F.relu(x), m)
        return x, m


Model = InpaintEncoder


def inputs():
    torch.manual_seed(3516)
    out = []
    for b, hw in [(2, 16), (1, 24)]:
        mask = (torch.rand(b, 1, hw, hw) > 0.3).float()
        out.append((torch.randn(b, 3, hw, hw), mask))
    return out
