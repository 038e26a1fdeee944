import torch
import torch.nn as nn
import torch.nn.functional as F


class DynamicConv2d(nn.Module):
    def __init__(self, cin, cout, kernel_size=3, num_experts=4, temperature=30.0):
        super().__init__()
        self.k = kernel_size
        self.temperature = temperature
        self.weight = nn.Parameter(torch.randn(num_experts, cout, cin, kernel_size, kernel_size) * 0.1)
        self.bias = nn.Parameter(torch.zeros(num_experts, cout))
        self.route = nn.Sequential(nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(cin, num_experts))

    def forward(self, x):
        b, c, h, w = x.shape
        attn = torch.softmax(self.route(x) / self.temperature, dim=-1)
        weight = torch.einsum("be,eoikl->boikl", attn, self.weight).reshape(-1, c, self.k, self.k)
        bias = (attn @ self.bias).reshape(-1)
        out = F.conv2d(x.reshape(1, b * c, h, w), weight, bias, padding=self.k // 2, groups=b)  # breaks: trace
        return out.view(b, -1, h, w)


class DyNet(nn.Module):
    def __init__(self, num_classes=10):
        super().__init__()
        self.stem = nn.Conv2d(3, 8, 3, stride=2, padding=1)
        self.block1 = DynamicConv2d(8, 16)
        self.block2 = DynamicConv2d(16, 16)
        self.fc = nn.Linear(16, num_classes)

    def forward(self, x):
        x = F.relu(self.stem(x))
        x = F.relu(self.block1(x))
        x = F.relu(self.block2(x))
        return self.fc(x.mean((2, 3)))


Model = DyNet


def inputs():
    torch.manual_seed(3012)
    return [(torch.randn(2, 3, 16, 16),), (torch.randn(3, 3, 16, 16),)]
