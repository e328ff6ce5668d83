import { useTheme } from '@mui/material/styles';
import { ROLES, type Role, type RoleCounts } from '@vahti/domain';
import { PieChart, type PieSeriesOption } from 'echarts/charts';
import {
  TitleComponent,
  type TitleComponentOption,
  TooltipComponent,
  type TooltipComponentOption,
} from 'echarts/components';
import { type ComposeOption, init, use } from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';
import { CHART_HEIGHT, roleColors } from './role-colors';

// Only what a doughnut needs: the chart, its tooltip and centre title, drawn as SVG. The legend
// is the card's own list of numbers, in the app's typography.
use([PieChart, TooltipComponent, TitleComponent, SVGRenderer]);

type DoughnutOption = ComposeOption<
  PieSeriesOption | TooltipComponentOption | TitleComponentOption
>;

export interface RoleDoughnutChartProps {
  roles: RoleCounts;
  /** The roles' names in the user's language. */
  roleLabel: (role: Role) => string;
  /** The text in the middle, e.g. '12 käyttäjää'. */
  centerText: string;
}

/**
 * A doughnut of user counts by role (Apache ECharts). Loaded on demand; the chart is decoration
 * for sighted users, the card next to it lists the same numbers as text.
 */
export function RoleDoughnutChart({ roles, roleLabel, centerText }: RoleDoughnutChartProps) {
  const theme = useTheme();
  const element = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const container = element.current;
    if (!container) return;
    const chart = init(container, undefined, { renderer: 'svg' });
    const colors = roleColors(theme);
    // ECharts draws its own text: the theme's font and body2 size, not ECharts' 12 px default.
    const text = {
      fontFamily: theme.typography.fontFamily,
      fontSize: theme.typography.htmlFontSize * 0.875,
      color: theme.palette.text.primary,
    };
    const option: DoughnutOption = {
      color: ROLES.map((role) => colors[role]),
      aria: { enabled: false },
      textStyle: text,
      tooltip: { trigger: 'item', formatter: '{b}: {c} ({d} %)', textStyle: text },
      title: {
        text: centerText,
        left: 'center',
        top: 'middle',
        textStyle: { ...text, fontWeight: 600 },
      },
      series: [
        {
          type: 'pie',
          radius: ['50%', '80%'],
          center: ['50%', '50%'],
          avoidLabelOverlap: true,
          label: { show: false },
          data: ROLES.map((role) => ({ name: roleLabel(role), value: roles[role] })),
        },
      ],
    };
    chart.setOption(option);
    const observer = new ResizeObserver(() => chart.resize());
    observer.observe(container);
    return () => {
      observer.disconnect();
      chart.dispose();
    };
  }, [roles, roleLabel, centerText, theme]);

  return <div ref={element} aria-hidden="true" style={{ width: '100%', height: CHART_HEIGHT }} />;
}
