/** The height of a dashboard doughnut (and of its placeholder while ECharts loads). */
export const CHART_HEIGHT = 200;
